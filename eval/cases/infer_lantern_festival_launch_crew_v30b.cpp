// Lantern festival launch control: a small worker crew of our own (a queue of
// callables served by a few threads, with a join() that lets the queue drain
// and waits for the threads) releases each wave of lanterns from the river
// pontoons and reports every release to the festival's event stream through
// a Kafka producer.
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace festival {

class LaunchCrew {
public:
  explicit LaunchCrew(unsigned hands) {
    for (unsigned i = 0; i < hands; ++i)
      hands_.emplace_back([this] { work(); });
  }
  ~LaunchCrew() { join(); }
  LaunchCrew(const LaunchCrew &) = delete;
  LaunchCrew &operator=(const LaunchCrew &) = delete;

  void post(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    ready_.notify_one();
  }

  void join() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    ready_.notify_all();
    for (std::thread &t : hands_)
      if (t.joinable())
        t.join();
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return done_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> hands_;
  bool done_ = false;
};

struct Wave {
  std::string id;
  std::string pontoon;
  int lanterns;
};

void igniteWave(const Wave &wave);

std::string releaseEvent(const Wave &w) {
  return w.id + "@" + w.pontoon + ":" + std::to_string(w.lanterns);
}

void releaseEveningWaves(const std::vector<Wave> &waves, kafka::KafkaProducer &events) {
  LaunchCrew crew(3);
  for (const Wave &w : waves)
    crew.post([&events, w] {
      igniteWave(w);
      events.send({"lantern.released", releaseEvent(w)}); // BUG: use-after-close #lantern_events_closed
    });
  events.flush();
  events.close(); // SAME: lantern_events_closed
}

void releaseFinale(const std::vector<Wave> &waves, kafka::KafkaProducer &events) {
  LaunchCrew crew(2);
  for (const Wave &w : waves)
    crew.post([&events, w] {
      igniteWave(w);
      events.send({"lantern.released", releaseEvent(w)}); // OK
    });
  crew.join();
  events.send({"lantern.finale", std::to_string(waves.size()) + " waves"}); // OK
  events.flush();
  events.close(); // OK
}

} // namespace festival

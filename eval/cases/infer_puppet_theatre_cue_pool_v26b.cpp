// Puppet theatre show control. Lighting and marionette-rig cues are published
// to Kafka by a small crew of worker threads (the theatre's own pool: it
// queues callables and runs them on its threads; join() lets the queue drain
// and then joins the threads).
#include "messaging.h"

#include <condition_variable>
#include <functional>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace theatre {

class StageCrew {
public:
  explicit StageCrew(unsigned hands) {
    for (unsigned i = 0; i < hands; ++i)
      hands_.emplace_back([this] { work(); });
  }
  ~StageCrew() { join(); }

  void post(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closing_)
      throw std::runtime_error("stage crew dismissed");
    jobs_.push(std::move(job));
    cv_.notify_one();
  }

  void join() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      closing_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : hands_)
      if (t.joinable())
        t.join();
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return closing_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop();
      }
      job();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::queue<std::function<void()>> jobs_;
  std::vector<std::thread> hands_;
  bool closing_ = false;
};

struct Cue {
  std::string name;
  int rig = 0;
};

void runAct(const std::string &brokers, const std::vector<Cue> &cues) {
  kafka::KafkaProducer lights(brokers);
  StageCrew crew(3);
  for (const Cue &cue : cues) {
    crew.post([&lights, cue] {
      lights.send({"stage.lights", cue.name}); // OK
    });
  }
  crew.join();
  lights.flush();
  lights.close(); // OK
}

void curtainCall(const std::string &brokers, const std::vector<Cue> &cues) {
  kafka::KafkaProducer rigs(brokers);
  StageCrew crew(2);
  for (const Cue &cue : cues) {
    crew.post([&rigs, cue] {
      std::string value = cue.name + "@" + std::to_string(cue.rig);
      rigs.send({"stage.rigs", value}); // BUG: use-after-close #bows
    });
  }
  rigs.close(); // SAME: bows
  crew.join();
}

void intermission(const std::string &brokers) {
  StageCrew crew(1);
  crew.post([brokers] {
    kafka::KafkaProducer house(brokers);
    house.send({"house.lights", "up"});
    house.close();
  });
  kafka::KafkaProducer bar(brokers);
  bar.send({"bar", "open"}); // OK
  crew.join();
  bar.close(); // OK
}

} // namespace theatre

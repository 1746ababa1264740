// Pipe organ voicing survey. Each rank of pipes is measured (pitch offset and
// wind pressure per pipe) on a small worker crew of the shop's own: post()
// queues a job, the crew's threads run queued jobs, join() lets the threads
// finish everything queued and then stops them. Results are published to the
// restoration team's Kafka topic.
#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "messaging.h"

class VoicingCrew {
public:
  explicit VoicingCrew(unsigned hands) {
    for (unsigned i = 0; i < hands; ++i)
      hands_.emplace_back([this] { work(); });
  }
  ~VoicingCrew() { join(); }
  VoicingCrew(const VoicingCrew &) = delete;
  VoicingCrew &operator=(const VoicingCrew &) = delete;

  void post(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closing_)
      throw std::runtime_error("voicing crew is going home");
    jobs_.push_back(std::move(job));
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
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> hands_;
  bool closing_ = false;
};

struct Pipe {
  int note = 0;
  double measuredHz = 0.0;
  double windMm = 0.0;
};

struct Rank {
  std::string stop;
  std::vector<Pipe> pipes;
};

static double centsOff(const Pipe &pipe, double a4) {
  double nominal = a4 * std::pow(2.0, (pipe.note - 69) / 12.0);
  return 1200.0 * std::log2(pipe.measuredHz / nominal);
}

static std::string summarize(const Rank &rank, double a4) {
  double worst = 0.0, wind = 0.0;
  for (const Pipe &p : rank.pipes) {
    worst = std::max(worst, std::fabs(centsOff(p, a4)));
    wind += p.windMm;
  }
  if (!rank.pipes.empty())
    wind /= rank.pipes.size();
  return rank.stop + " worst=" + std::to_string(worst) +
         "c wind=" + std::to_string(wind) + "mm";
}

// Survey of the whole instrument before the restoration quote.
void surveyInstrument(const std::vector<Rank> &ranks, const std::string &brokers) {
  kafka::KafkaProducer producer(brokers);
  VoicingCrew crew(4);
  for (const Rank &rank : ranks)
    crew.post([&producer, &rank] {
      producer.send({"organ.voicing", summarize(rank, 440.0)}); // OK
    });
  crew.join();
  producer.flush(); // OK
  producer.close();
}

// Re-check after the tuner has worked through the reeds: the reeds are
// re-measured at the church's historic pitch.
void recheckReeds(const std::vector<Rank> &reeds, const std::string &brokers) {
  kafka::KafkaProducer producer(brokers);
  VoicingCrew crew(3);
  for (const Rank &rank : reeds)
    crew.post([&producer, &rank] {
      producer.send({"organ.voicing.reeds", summarize(rank, 415.0)}); // BUG: use-after-close #reed_close
    });
  producer.close(); // SAME: reed_close
  crew.join();
}

// Night shift: a single hand measures the ranks in the order they were
// queued and closes the producer as the last job of the night.
void nightShift(const std::vector<Rank> &ranks, const std::string &brokers) {
  kafka::KafkaProducer producer(brokers);
  VoicingCrew crew(1);
  for (const Rank &rank : ranks)
    crew.post([&producer, &rank] {
      producer.send({"organ.voicing.night", summarize(rank, 440.0)}); // OK
    });
  crew.post([&producer] {
    producer.flush(); // OK
    producer.close(); // OK
  });
  crew.join();
}

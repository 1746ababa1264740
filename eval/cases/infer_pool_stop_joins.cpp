// Replaying a log through a Crew: assign() queues a job for the crew's
// threads, finish() lets them work through what is queued and joins them
// (the destructor calls it too). replayLog() finishes the crew before it
// closes the producer, so every send is done (correct). replayLogHastily()
// closes the producer first and only then finishes the crew: the sends still
// queued or running go to a closed producer (bug; the close is where the race
// is made). replayScoped() lets the crew go out of scope, whose destructor
// joins it, before the close (correct).
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

class Crew {
public:
  explicit Crew(unsigned size) {
    for (unsigned i = 0; i < size; ++i)
      members_.emplace_back(&Crew::work, this);
  }
  ~Crew() { finish(); }
  Crew(const Crew &) = delete;
  Crew &operator=(const Crew &) = delete;

  void assign(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (finishing_)
        throw std::logic_error("crew is finishing");
      jobs_.push_back(std::move(job));
    }
    hasWork_.notify_one();
  }

  void finish() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      finishing_ = true;
    }
    hasWork_.notify_all();
    for (std::thread &member : members_)
      if (member.joinable())
        member.join();
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        hasWork_.wait(lock, [this] { return finishing_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mutex_;
  std::condition_variable hasWork_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> members_;
  bool finishing_ = false;
};

void replayLog(kafka::KafkaProducer &producer, const std::vector<kafka::ProducerRecord> &log) {
  Crew crew(4);
  for (const kafka::ProducerRecord &record : log)
    crew.assign([&producer, &record] {
      producer.send(record); // OK
    });
  crew.finish();
  producer.close(); // OK
}

void replayLogHastily(kafka::KafkaProducer &producer,
                      const std::vector<kafka::ProducerRecord> &log) {
  Crew crew(4);
  for (const kafka::ProducerRecord &record : log)
    crew.assign([&producer, &record] {
      producer.send(record); // BUG: use-after-close #hasty
    });
  producer.close(); // SAME: hasty
  crew.finish();
}

void replayScoped(kafka::KafkaProducer &producer, const std::vector<kafka::ProducerRecord> &log) {
  {
    Crew crew(2);
    for (const kafka::ProducerRecord &record : log)
      crew.assign([&producer, &record] {
        producer.send(record); // OK
      });
  }
  producer.close(); // OK
}

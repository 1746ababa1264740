// Nightly re-publisher of a clickstream pipeline. It replays archived
// events to Kafka from tasks running on a Scheduler (scheduler.h: wait()
// blocks until every submitted task has finished; shutdown() lets the
// threads drain the queue, joins them and returns early when called again;
// the destructor calls shutdown()). kafka::KafkaProducer::send() fails once
// close() has run.
// Negative case: the producer is closed only after wait() or shutdown() has
// returned, so no task can still be sending; submit() is only called before
// shutdown(); the replay log is a FILE* closed once and only written while
// open; the second shutdown() (explicit, then the destructor) is a no-op.
#include "messaging.h"
#include "scheduler.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class Replayer {
public:
  Replayer(const std::string &brokers, const std::string &logPath)
      : producer_(kafka::createProducer(brokers)), log_(std::fopen(logPath.c_str(), "a")),
        sched_(4) {}
  void replayDay(const std::string &day, const std::vector<std::string> &events);
  void finish();

private:
  void note(const std::string &line) {
    std::lock_guard<std::mutex> lk(logMu_);
    if (log_)
      std::fprintf(log_, "%s\n", line.c_str());
  }
  std::unique_ptr<kafka::KafkaProducer> producer_;
  FILE *log_;
  std::mutex logMu_;
  std::atomic<long> sent_{0};
  Scheduler sched_; // declared last: destroyed (and joined) first
};

void Replayer::replayDay(const std::string &day, const std::vector<std::string> &events) {
  const size_t chunk = 500;
  for (size_t begin = 0; begin < events.size(); begin += chunk) {
    size_t end = std::min(events.size(), begin + chunk);
    sched_.submit([this, &events, begin, end] {
      for (size_t i = begin; i < end; ++i) {
        producer_->send({"clickstream-replay", events[i]}); // OK: closed only after the scheduler drained
        ++sent_;
      }
    });
  }
  // events is borrowed by the tasks: wait before returning.
  sched_.wait();
  note("replayed " + day);
}

void Replayer::finish() {
  sched_.shutdown();
  producer_->flush(); // OK: every task has finished, nothing sent after close yet
  producer_->close();
  note("sent " + std::to_string(sent_.load()) + " events");
  std::lock_guard<std::mutex> lk(logMu_);
  if (log_) {
    std::fclose(log_);
    log_ = nullptr;
  }
  sched_.shutdown(); // OK: the second shutdown() returns early
}

int main(int argc, char **argv) {
  Replayer r("kafka-1:9092,kafka-2:9092", "/var/log/replayer.log");
  for (int i = 1; i < argc; ++i)
    r.replayDay(argv[i], {std::string("{\"day\":\"") + argv[i] + "\"}"});
  r.finish();
  return 0;
}

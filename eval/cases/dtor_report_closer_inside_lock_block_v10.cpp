// A daily reporter publishes report lines on a kafka::KafkaProducer. For the
// last report of the day it arms a unique_ptr whose deleter closes the
// producer ("close when we are done"), but the closer is declared inside the
// block that holds the reporter's mutex, so it closes the producer as soon as
// that block ends; the completion record sent after the block then goes to a
// closed producer. Interim reports never arm the closer.
#include "messaging.h"
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct CloseProducer {
  void operator()(kafka::KafkaProducer *producer) const { producer->close(); }
};
using ProducerCloser = std::unique_ptr<kafka::KafkaProducer, CloseProducer>;

class DailyReporter {
public:
  explicit DailyReporter(kafka::KafkaProducer &producer) : producer_(producer) {}

  void publishInterim(const std::string &day, const std::string &line) {
    std::lock_guard<std::mutex> hold(mutex_);
    producer_.send({"reports." + day, line}); // OK: no closer is armed on this path
  }

  void publishReport(const std::string &day,
                     const std::vector<std::string> &lines, bool lastOfDay) {
    {
      std::lock_guard<std::mutex> hold(mutex_);
      ProducerCloser closeWhenDone;
      if (lastOfDay)
        closeWhenDone.reset(&producer_);
      for (const std::string &line : lines)
        producer_.send({"reports." + day, line}); // OK: the closer runs only when the block ends
      ++published_;
    }
    producer_.send({"reports.done", day}); // BUG: use-after-close
  }

  int published() const { return published_; }

private:
  kafka::KafkaProducer &producer_;
  std::mutex mutex_;
  int published_ = 0;
};

void endOfDay(kafka::KafkaProducer &producer, const std::string &day,
              const std::vector<std::string> &summary) {
  DailyReporter reporter(producer);
  reporter.publishInterim(day, "totals pending");
  reporter.publishReport(day, summary, /*lastOfDay=*/true);
}

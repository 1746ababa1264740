// Nightly report publisher. ReportPublisher sends report rows on a
// kafka::KafkaProducer and then calls flushOrAbort(), which closes the
// producer (dropping whatever is still in flight) when the flush does not
// drain it before the deadline and then throws FlushTimeout. publishDaily()
// logs the timeout and sends its completion marker on the closed producer;
// publishHourly() installs a new producer in its handler, publishWeekly()
// rethrows. sendBounded() closes the producer when its backlog is too large
// and returns an error code; publishAudit() checks it, publishAuditSummary()
// ignores it and sends again on the closed producer.
// KafkaProducer (messaging.h): send() after close() fails.
#include "messaging.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

struct FlushTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Returns 0, or -1 after closing the producer when its backlog is too large.
static int sendBounded(kafka::KafkaProducer &p, const kafka::ProducerRecord &rec) {
  if (p.pendingCount() > 10000) {
    std::fprintf(stderr, "producer backlog too large, closing\n");
    p.close(std::chrono::milliseconds(0));
    return -1;
  }
  p.send(rec);
  return 0;
}

class ReportPublisher {
public:
  explicit ReportPublisher(std::string brokers)
      : brokers_(std::move(brokers)), producer_(kafka::createProducer(brokers_)) {}

  void publishDaily(const std::vector<std::string> &rows) {
    for (const auto &r : rows)
      producer_->send({"reports.daily", r});
    try {
      flushOrAbort(std::chrono::seconds(5));
    } catch (const FlushTimeout &e) {
      std::fprintf(stderr, "daily report: %s\n", e.what());
    }
    producer_->send({"reports.done", "daily"}); // BUG: use-after-close
  }

  void publishHourly(const std::vector<std::string> &rows) {
    for (const auto &r : rows)
      producer_->send({"reports.hourly", r});
    try {
      flushOrAbort(std::chrono::seconds(1));
    } catch (const FlushTimeout &e) {
      std::fprintf(stderr, "hourly report: %s, reconnecting\n", e.what());
      producer_ = kafka::createProducer(brokers_);
    }
    producer_->send({"reports.done", "hourly"}); // OK: closed producer was replaced in the handler
  }

  void publishWeekly(const std::vector<std::string> &rows) {
    for (const auto &r : rows)
      producer_->send({"reports.weekly", r});
    try {
      flushOrAbort(std::chrono::seconds(30));
    } catch (const FlushTimeout &) {
      ++timeouts_;
      throw;
    }
    producer_->send({"reports.done", "weekly"}); // OK: the handler rethrows, so the producer is open here
  }

  int publishAudit(const std::vector<std::string> &rows) {
    for (const auto &r : rows)
      if (sendBounded(*producer_, {"reports.audit", r}) != 0)
        return -1;
    producer_->send({"reports.done", "audit"});
    return 0;
  }

  void publishAuditSummary(const std::vector<std::string> &rows) {
    for (const auto &r : rows)
      producer_->send({"reports.audit.raw", r});
    sendBounded(*producer_, {"reports.audit", "rows=" + std::to_string(rows.size())});
    producer_->send({"reports.done", "audit-summary"}); // BUG: use-after-close
  }

  int timeouts() const { return timeouts_; }

private:
  void flushOrAbort(std::chrono::milliseconds deadline) {
    auto start = std::chrono::steady_clock::now();
    producer_->flush();
    if (producer_->pendingCount() > 0 || std::chrono::steady_clock::now() - start > deadline) {
      producer_->close(std::chrono::milliseconds(0));
      throw FlushTimeout("flush did not complete within " +
                         std::to_string(deadline.count()) + " ms");
    }
  }

  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  int timeouts_ = 0;
};

int main() {
  const std::string brokers = "kafka-reports:9092";
  std::vector<std::string> rows(20000, "region=eu-west revenue=1024");
  {
    ReportPublisher hourly(brokers);
    hourly.publishHourly(rows);
  }
  {
    ReportPublisher daily(brokers);
    daily.publishDaily(rows);
  }
  try {
    ReportPublisher weekly(brokers);
    weekly.publishWeekly(rows);
  } catch (const FlushTimeout &e) {
    std::fprintf(stderr, "weekly report failed: %s\n", e.what());
  }
  ReportPublisher audit(brokers);
  if (audit.publishAudit(rows) == 0)
    std::printf("audit rows published\n");
  ReportPublisher auditSummary(brokers);
  auditSummary.publishAuditSummary(rows);
  return 0;
}

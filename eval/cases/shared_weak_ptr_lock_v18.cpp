// Metrics and audit reporting for an ingestion worker. The IngestApp owns its
// kafka::KafkaProducer through a shared_ptr; MetricsReporter and AuditTrail
// keep only weak_ptrs so they never extend the producer's life.
// IngestApp::shutdown() closes the producer but keeps owning it, so
// weak_ptr::lock() still succeeds and the final MetricsReporter::report()
// sends on the closed producer. AuditTrail checks isClosed(). BackfillJob
// resets its only owner after closing, so lock() returns null afterwards.
#include "messaging.h"

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class MetricsReporter {
public:
  explicit MetricsReporter(std::weak_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}

  void count(long n) { processed_ += n; }

  void report() {
    if (auto p = producer_.lock())
      p->send({"metrics.ingest", "processed=" + std::to_string(processed_)}); // SAME: weak_report
  }

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
  long processed_ = 0;
};

class AuditTrail {
public:
  explicit AuditTrail(std::weak_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}

  void record(const std::string &event) {
    auto p = producer_.lock();
    if (!p || p->isClosed()) {
      ++lost_;
      return;
    }
    p->send({"audit.ingest", event});
  }

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
  long lost_ = 0;
};

class IngestApp {
public:
  explicit IngestApp(const std::string &brokers)
      : producer_(kafka::createProducer(brokers)), metrics_(producer_),
        audit_(producer_) {}

  void process(const std::string &record) {
    producer_->send({"ingest.records", record});
    metrics_.count(1);
  }

  void shutdown() {
    producer_->flush();
    producer_->close();
    audit_.record("shutdown"); // OK: AuditTrail checks isClosed() before sending
    metrics_.report(); // BUG: use-after-close #weak_report
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  MetricsReporter metrics_;
  AuditTrail audit_;
};

// One-off backfill: owns a producer of its own and drops it when done.
class BackfillJob {
public:
  explicit BackfillJob(const std::string &brokers)
      : producer_(kafka::createProducer(brokers)), metrics_(producer_) {}

  void run(long records) {
    for (long i = 0; i < records; ++i)
      producer_->send({"ingest.backfill", "row-" + std::to_string(i)});
    metrics_.count(records);
    metrics_.report();
    producer_->close();
    producer_.reset();
    metrics_.report(); // OK: the only owner was reset, lock() returns null
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  MetricsReporter metrics_;
};

int main() {
  const std::string brokers = "kafka-a:9092";
  try {
    BackfillJob backfill(brokers);
    backfill.run(100);

    IngestApp app(brokers);
    app.process("{\"id\":1}");
    app.process("{\"id\":2}");
    app.shutdown();
  } catch (const std::exception &e) {
    std::cerr << "ingest failed: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

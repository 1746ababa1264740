// DeliveryReporter: retries Kafka records whose first send failed.
#include "ingestd/delivery_reporter.h"
#include "ingestd/log_file.h"

namespace ingestd {
namespace {

constexpr std::size_t kBacklogWarn = 1000;

} // namespace

DeliveryReporter::DeliveryReporter(std::shared_ptr<kafka::KafkaProducer> producer, LogFile &log,
                                   std::chrono::milliseconds interval)
    : producer_(std::move(producer)), log_(log), interval_(interval) {}

DeliveryReporter::~DeliveryReporter() {
  stop(); // OK: stop() is idempotent
}

void DeliveryReporter::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (thread_.joinable() || stop_)
    return;
  thread_ = std::thread([this] { run(); });
}

void DeliveryReporter::requeue(kafka::ProducerRecord record) {
  std::lock_guard<std::mutex> lk(mu_);
  retry_.push_back(std::move(record));
  if (retry_.size() == kBacklogWarn)
    log_.warn("kafka retry backlog reached %zu records", retry_.size());
}

void DeliveryReporter::retarget(std::shared_ptr<kafka::KafkaProducer> producer) {
  std::lock_guard<std::mutex> lk(mu_);
  producer_ = std::move(producer);
}

void DeliveryReporter::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stop_)
      return;
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
  std::lock_guard<std::mutex> lk(mu_);
  if (!retry_.empty())
    log_.warn("dropping %zu undelivered kafka records", retry_.size());
}

void DeliveryReporter::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stop_) {
    if (cv_.wait_for(lk, interval_, [this] { return stop_; }))
      break;
    while (!retry_.empty()) {
      producer_->send(retry_.front()); // BUG: use-after-close #delivery_race
      retry_.pop_front();
    }
  }
}

} // namespace ingestd

// ReceiptPublisher: batches receipts and sends them on a kafka::KafkaProducer
// shared (std::shared_ptr) with the HealthChecker. publish() returns false
// after close(); close() sends the last batch and flushes, and is idempotent
// (closed_ is set before anything is sent). It never closes the producer: the
// owner (Gateway::stop(), or runReplay() in main.cpp) does.
// The line labelled replayclose below marks the send that runs on a closed producer when
// runReplay() (main.cpp) closes the producer before the publisher's close().
// Correct in the destructor: close() returns at once once closed_ is set.
#include "pushgw/receipt_publisher.h"

#include <cstdio>
#include <exception>
#include <utility>

namespace pushgw {

ReceiptPublisher::ReceiptPublisher(std::shared_ptr<kafka::KafkaProducer> producer,
                                   std::string topic, std::size_t batchSize)
    : producer_(std::move(producer)), topic_(std::move(topic)),
      batchSize_(batchSize == 0 ? 1 : batchSize) {}

ReceiptPublisher::~ReceiptPublisher() {
  try {
    close(); // OK: returns at once when close() already ran
  } catch (const std::exception &e) {
    std::fprintf(stderr, "receipts: last batch lost: %s\n", e.what());
  }
}

bool ReceiptPublisher::publish(const DeliveryReceipt &r) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return false;
  batch_.push_back(encodeReceipt(r));
  if (batch_.size() >= batchSize_)
    sendBatchLocked();
  return true;
}

void ReceiptPublisher::sendBatchLocked() {
  if (batch_.empty())
    return;
  for (const std::string &value : batch_)
    producer_->send(kafka::ProducerRecord{topic_, value}); // SAME: replayclose
  batch_.clear();
  producer_->flush();
}

void ReceiptPublisher::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  sendBatchLocked();
}

} // namespace pushgw

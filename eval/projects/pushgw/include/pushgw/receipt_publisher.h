// Publishes delivery receipts in batches on a kafka::KafkaProducer that it
// shares (std::shared_ptr) with the HealthChecker. publish() returns false
// after close(); close() sends the last batch, is idempotent, and does not
// close the producer (its owner does). No BUG markers here.
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "messaging.h"
#include "pushgw/notification.h"

namespace pushgw {

class ReceiptPublisher {
public:
  ReceiptPublisher(std::shared_ptr<kafka::KafkaProducer> producer,
                   std::string topic, std::size_t batchSize = 32);
  ~ReceiptPublisher();
  ReceiptPublisher(const ReceiptPublisher &) = delete;
  ReceiptPublisher &operator=(const ReceiptPublisher &) = delete;

  bool publish(const DeliveryReceipt &r);
  void close();

private:
  void sendBatchLocked();

  std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string topic_;
  const std::size_t batchSize_;
  std::vector<std::string> batch_;
  bool closed_ = false;
};

} // namespace pushgw

// DeliveryWorker: a thread that hands queued records to a Kafka producer
// (delivery.cpp). stop() closes the producer. No markers here.
#pragma once
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace gateway {

class DeliveryWorker {
public:
  explicit DeliveryWorker(kafka::KafkaProducer &producer);
  ~DeliveryWorker();
  DeliveryWorker(const DeliveryWorker &) = delete;
  DeliveryWorker &operator=(const DeliveryWorker &) = delete;

  void start();
  bool enqueue(kafka::ProducerRecord record);
  void stop();

private:
  void run();

  kafka::KafkaProducer &producer_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<kafka::ProducerRecord> backlog_;
  bool stopping_ = false;
  std::thread thread_;
};

} // namespace gateway

// Background thread that re-sends Kafka records whose first send() failed
// (handed over with requeue()) and warns when the retry backlog grows. It
// shares the producer with the MetadataPublisher; retarget() switches it to
// a new producer (under the reporter's lock, which the thread holds while it
// sends). stop() is idempotent and joins the thread.
#pragma once
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "messaging.h"

namespace ingestd {

class LogFile;

class DeliveryReporter {
public:
  DeliveryReporter(std::shared_ptr<kafka::KafkaProducer> producer, LogFile &log,
                   std::chrono::milliseconds interval);
  ~DeliveryReporter();
  DeliveryReporter(const DeliveryReporter &) = delete;
  DeliveryReporter &operator=(const DeliveryReporter &) = delete;

  void start();
  void requeue(kafka::ProducerRecord record);
  void retarget(std::shared_ptr<kafka::KafkaProducer> producer);
  void stop();

private:
  void run();

  std::shared_ptr<kafka::KafkaProducer> producer_;
  LogFile &log_;
  std::chrono::milliseconds interval_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<kafka::ProducerRecord> retry_;
  std::thread thread_;
  bool stop_ = false;
};

} // namespace ingestd

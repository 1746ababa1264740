// DeliveryWorker: the worker thread sends each queued record while holding
// mutex_, right after checking stopping_; stop() sets stopping_ and closes the
// producer while holding the same mutex, so no send can interleave with the
// close. Quiet lines: the worker's send, stop()'s close, and the destructor's
// stop() (stop() returns early the second time). No bug here.
#include "gateway/delivery.h"

#include <utility>

namespace gateway {

DeliveryWorker::DeliveryWorker(kafka::KafkaProducer &producer) : producer_(producer) {}

DeliveryWorker::~DeliveryWorker() {
  stop(); // OK: a no-op when stop() already ran
}

void DeliveryWorker::start() { thread_ = std::thread([this] { run(); }); }

bool DeliveryWorker::enqueue(kafka::ProducerRecord record) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      return false;
    backlog_.push_back(std::move(record));
  }
  wake_.notify_one();
  return true;
}

void DeliveryWorker::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !backlog_.empty(); });
    if (stopping_)
      return;
    kafka::ProducerRecord record = std::move(backlog_.front());
    backlog_.pop_front();
    producer_.send(record); // OK: checked stopping_ under mutex_, which stop() holds to close
  }
}

void DeliveryWorker::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      return;
    stopping_ = true;
    producer_.close(); // OK: serialized with run() by mutex_ and stopping_
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

} // namespace gateway

// Device telemetry for the fleet agent. TelemetryUploader owns a
// KafkaProducer and a worker thread started in start(); every 200 ms the
// worker takes the buffered samples and sends them; sendPending() sends the
// buffered samples on the caller's thread. stop() clears running_,
// flushes and closes the producer, then joins the worker. HealthBeacon owns
// its own producer and a timer thread that sends a heartbeat every interval;
// its stop() wakes and joins the thread before closing the producer.
// KafkaProducer::send() fails once the producer is closed.
#include "messaging.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class TelemetryUploader {
public:
  explicit TelemetryUploader(const std::string &brokers)
      : producer_(kafka::createProducer(brokers)) {}
  ~TelemetryUploader() { stop(); }
  void start();
  void record(std::string sample);
  void sendPending();
  void stop();

private:
  void runLoop();

  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::mutex mu_;
  std::vector<std::string> samples_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

void TelemetryUploader::start() {
  running_ = true;
  worker_ = std::thread([this] { runLoop(); });
}

void TelemetryUploader::record(std::string sample) {
  std::lock_guard<std::mutex> lock(mu_);
  samples_.push_back(std::move(sample));
}

void TelemetryUploader::runLoop() {
  while (running_) {
    std::vector<std::string> batch;
    {
      std::lock_guard<std::mutex> lock(mu_);
      batch.swap(samples_);
    }
    for (const std::string &s : batch)
      producer_->send({"fleet.telemetry", s}); // BUG: use-after-close #uploader
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// Sends whatever is buffered right now, on the caller's thread.
void TelemetryUploader::sendPending() {
  std::vector<std::string> batch;
  {
    std::lock_guard<std::mutex> lock(mu_);
    batch.swap(samples_);
  }
  for (const std::string &s : batch)
    producer_->send({"fleet.telemetry", s}); // SAME: lastbatch
}

void TelemetryUploader::stop() {
  if (!running_.exchange(false))
    return;
  producer_->flush();
  producer_->close(); // SAME: uploader
  worker_.join();
}

class HealthBeacon {
public:
  HealthBeacon(const std::string &brokers, std::string deviceId,
               std::chrono::seconds interval)
      : producer_(kafka::createProducer(brokers)),
        deviceId_(std::move(deviceId)), interval_(interval) {}
  ~HealthBeacon() { stop(); }
  void start();
  void stop();

private:
  void loop();

  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::string deviceId_;
  std::chrono::seconds interval_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::thread timer_;
};

void HealthBeacon::start() { timer_ = std::thread([this] { loop(); }); }

void HealthBeacon::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    lock.unlock();
    producer_->send({"fleet.health", deviceId_}); // OK: stop() joins this thread before closing
    lock.lock();
    cv_.wait_for(lock, interval_, [this] { return stopping_; });
  }
}

void HealthBeacon::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  cv_.notify_all();
  if (timer_.joinable())
    timer_.join();
  producer_->flush();
  producer_->close(); // OK: the timer thread has been joined
}

void runAgent(const std::string &brokers) {
  TelemetryUploader uploader(brokers);
  HealthBeacon beacon(brokers, "edge-0142", std::chrono::seconds(30));
  uploader.start();
  beacon.start();
  uploader.record("cpu=0.42");
  uploader.record("mem=0.61");
  beacon.stop();
  uploader.stop();
  uploader.record("agent=shutdown");
  uploader.sendPending(); // BUG: use-after-close #lastbatch
}

// Clickstream collector of a web shop. HTTP handler threads call onClick(),
// which sends click events through a kafka::KafkaProducer (messaging.h:
// send() after close() fails with "Producer closed while send in progress").
// A heartbeat thread sends one liveness record per second. shutdown() flushes
// and closes the producer, then stops the heartbeat thread. Clicks that
// could not be sent are parked in a dead-letter list; a timer callback
// resends them through retryDeadLetters().
#include <chrono>
#include <condition_variable>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "messaging.h"

class ClickCollector {
public:
  ClickCollector(const std::string &brokers, std::string host);
  ~ClickCollector() { shutdown(); }
  void start();
  void onClick(const std::string &user, const std::string &url);
  void retryDeadLetters();
  void shutdown();

private:
  void heartbeatLoop();
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::string host_;
  std::thread heartbeat_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<kafka::ProducerRecord> deadLetters_;
  bool stopping_ = false;
  bool closed_ = false;
};

ClickCollector::ClickCollector(const std::string &brokers, std::string host)
    : producer_(kafka::createProducer(brokers)), host_(std::move(host)) {}

void ClickCollector::start() {
  heartbeat_ = std::thread(&ClickCollector::heartbeatLoop, this);
}

void ClickCollector::onClick(const std::string &user, const std::string &url) {
  kafka::ProducerRecord rec{"shop.clicks", user + " " + url};
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_) {
    deadLetters_.push_back(std::move(rec));
    return;
  }
  producer_->send(rec); // OK: closed_ is checked under mu_, and shutdown() closes under mu_
}

void ClickCollector::heartbeatLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    lock.unlock();
    producer_->send({"collector.heartbeat", host_}); // BUG: use-after-close #hb
    lock.lock();
    cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; });
  }
}

void ClickCollector::retryDeadLetters() {
  std::vector<kafka::ProducerRecord> pending;
  {
    std::lock_guard<std::mutex> lock(mu_);
    pending.swap(deadLetters_);
  }
  for (const kafka::ProducerRecord &rec : pending)
    producer_->send(rec); // SAME: dlq
}

void ClickCollector::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    producer_->flush();
    producer_->close(); // SAME: hb
    closed_ = true;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (heartbeat_.joinable())
    heartbeat_.join();
}

int main() {
  ClickCollector collector("kafka-1:9092,kafka-2:9092", "edge-7");
  collector.start();
  std::function<void()> deadLetterTimer = [&collector] { collector.retryDeadLetters(); };

  std::vector<std::thread> handlers;
  for (int i = 0; i < 4; ++i)
    handlers.emplace_back([&collector, i] {
      collector.onClick("user" + std::to_string(i), "/cart");
    });
  for (std::thread &t : handlers)
    t.join();
  deadLetterTimer(); // OK: the producer is still open, nothing closes it concurrently

  collector.shutdown();
  collector.onClick("user9", "/checkout"); // OK: onClick() sees closed_ and parks the record
  deadLetterTimer(); // BUG: use-after-close #dlq

  kafka::KafkaProducer audit("kafka-1:9092");
  audit.send({"collector.audit", "edge-7 stopped"}); // OK: a different producer
  audit.flush();
  audit.close();
  return 0;
}

// Flight-log publisher for a falconry club. Work is posted to a TaskQueue (a deque of
// std::function run by the main loop's drain()). weighIn() posts a task that captures the
// Kafka producer's shared_ptr by value; huntReport() posts one that captures a weak_ptr
// and skips a missing or closed producer. closeDay() flushes and closes the producer and
// only then drains the queue, so weigh-ins still queued send on the closed producer.
// rotateBrokers() drains before it closes and replaces the producer, so tasks posted
// afterwards capture the new one.
#include "messaging.h"

#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

class TaskQueue {
public:
  void post(std::function<void()> task) {
    std::lock_guard<std::mutex> lk(mu_);
    tasks_.push_back(std::move(task));
  }
  std::size_t drain() {
    std::deque<std::function<void()>> batch;
    {
      std::lock_guard<std::mutex> lk(mu_);
      batch.swap(tasks_);
    }
    for (auto &task : batch)
      task();
    return batch.size();
  }

private:
  std::mutex mu_;
  std::deque<std::function<void()>> tasks_;
};

class FlightLogPublisher {
public:
  FlightLogPublisher(TaskQueue &queue, const std::string &brokers)
      : queue_(queue), producer_(std::make_shared<kafka::KafkaProducer>(brokers)) {}

  void weighIn(const std::string &bird, double grams) {
    std::shared_ptr<kafka::KafkaProducer> producer = producer_;
    queue_.post([producer, bird, grams] {
      producer->send({"mews.weights", bird + ":" + std::to_string(grams)}); // SAME: queued-weigh
    });
  }

  void huntReport(const std::string &bird, int slips, int kills) {
    std::weak_ptr<kafka::KafkaProducer> weak = producer_;
    queue_.post([weak, bird, slips, kills] {
      std::shared_ptr<kafka::KafkaProducer> p = weak.lock();
      if (!p || p->isClosed())
        return;
      p->send({"mews.hunts", bird + ":" + std::to_string(slips) + "/" + std::to_string(kills)}); // OK
    });
  }

  void rotateBrokers(const std::string &brokers) {
    queue_.drain();
    producer_->flush();
    producer_->close();
    producer_ = std::make_shared<kafka::KafkaProducer>(brokers);
    producer_->send({"mews.admin", "brokers rotated"}); // OK
  }

  void closeDay() {
    producer_->flush();
    producer_->close();
    queue_.drain(); // BUG: use-after-close #queued-weigh
  }

private:
  TaskQueue &queue_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

void clubDay(TaskQueue &queue) {
  FlightLogPublisher publisher(queue, "kafka-a:9092");
  publisher.weighIn("Sable (tiercel)", 612.0);
  publisher.huntReport("Sable (tiercel)", 4, 1);
  publisher.rotateBrokers("kafka-b:9092");
  publisher.weighIn("Ash (haggard)", 905.5);
  publisher.huntReport("Ash (haggard)", 6, 2);
  queue.drain(); // OK
  publisher.weighIn("Sable (tiercel)", 598.0);
  publisher.huntReport("Sable (tiercel)", 2, 0);
  publisher.closeDay();
}

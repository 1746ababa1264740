// Rushes ingest for a post-production house. Two services read the camera
// department's Kafka topics with librdkafka consumers, each on a worker
// thread: RushesTail hands new takes to the editors' bins as they land,
// DailiesIndexer builds the dailies index for the kinescope screening. Both
// stop on the control thread at wrap; the index commits its offsets on stop.
#include "messaging.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// Defined in the take decoder (rushes_decode.cpp); takes ownership of msg.
void fileTakeIntoBin(RdKafka::Message *msg);
void addToDailiesIndex(RdKafka::Message *msg);
std::unique_ptr<RdKafka::KafkaConsumer> makeConsumer(const std::string &group);

class RushesTail {
public:
  explicit RushesTail(std::unique_ptr<RdKafka::KafkaConsumer> consumer)
      : consumer_(std::move(consumer)) {}

  void start(const std::string &topic) {
    consumer_->subscribe({topic});
    running_ = true;
    worker_ = std::thread([this] { pump(); });
  }

  void stop() {
    running_ = false;
    consumer_->close(); // SAME: tailrace
    if (worker_.joinable())
      worker_.join();
  }

private:
  void pump() {
    while (running_.load()) {
      RdKafka::Message *take = consumer_->consume(250); // BUG: use-after-close #tailrace
      if (take)
        fileTakeIntoBin(take);
    }
  }

  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

class DailiesIndexer {
public:
  explicit DailiesIndexer(std::unique_ptr<RdKafka::KafkaConsumer> consumer)
      : consumer_(std::move(consumer)) {}

  void start(const std::vector<std::string> &topics) {
    consumer_->subscribe(topics);
    running_ = true;
    worker_ = std::thread([this] { pump(); });
  }

  void stop() {
    running_ = false;
    if (worker_.joinable())
      worker_.join();
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    consumer_->commitSync();
    consumer_->close(); // OK: the worker has been joined
    closed_ = true;
  }

  int indexed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return indexed_;
  }

private:
  void pump() {
    while (running_.load()) {
      RdKafka::Message *take = consumer_->consume(250); // OK: stop() joins before close()
      if (!take)
        continue;
      addToDailiesIndex(take);
      std::lock_guard<std::mutex> lock(mu_);
      ++indexed_;
    }
  }

  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  std::atomic<bool> running_{false};
  std::thread worker_;
  mutable std::mutex mu_;
  bool closed_ = false;
  int indexed_ = 0;
};

void wrapDay() {
  RushesTail tail(makeConsumer("editorial-bins"));
  DailiesIndexer dailies(makeConsumer("dailies-index"));
  tail.start("camera.takes");
  dailies.start({"camera.takes", "sound.rolls"});

  std::this_thread::sleep_for(std::chrono::hours(10));

  tail.stop();
  dailies.stop();
  dailies.stop(); // OK: second stop returns on closed_
}

// A class whose protocol errlint infers (publish() reports a closed
// publisher through its result, close() sets closed_) and whose close()
// also closes the producer it holds through a unique_ptr: a call errlint
// names by its role still closes that producer, so a thread publishing on
// it races with the close. The flags the close tests are std::atomic ones:
// a second close(), and a flush() that checks closed_, do nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
using namespace kafka;

class Publisher {
public:
  explicit Publisher(std::unique_ptr<KafkaProducer> p) : producer_(std::move(p)) {}
  ~Publisher() { close(); }
  bool publish(const ProducerRecord &r) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return false;
    producer_->send(r);
    return true;
  }
  // Checks the flag without the lock: close() may run in between.
  void publishHot(const ProducerRecord &r) {
    if (closed_.load())
      return;
    producer_->send(r);
  }
  void flush() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!closed_)
      producer_->flush();
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_.store(true);
    // The close inside the callee is the note below the warning.
    producer_->close();
  }

private:
  std::mutex mu_;
  std::atomic<bool> closed_{false};
  std::unique_ptr<KafkaProducer> producer_;
};

int main() {
  Publisher pub(std::make_unique<KafkaProducer>());
  std::thread hot([&pub] { pub.publishHot({"t", "v"}); });
  // CHECK: role-pointer-members.cpp:[[@LINE+1]]:7: warning: 'pub.producer_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  pub.close();
  // CHECK: role-pointer-members.cpp:43:16: note: 'close' closes it here
  hot.join();
  pub.flush();
  pub.close();
  return 0;
}

// The same publisher, joined before the close: nothing races.
int joinedFirst() {
  Publisher pub(std::make_unique<KafkaProducer>());
  std::thread hot([&pub] { pub.publishHot({"t", "v"}); });
  hot.join();
  pub.close();
  pub.flush();
  return 0;
}

// A member thread whose loop closes the producer and marks the inbox closed
// (`close()`: `state_ = Closed;` beside the close) before it ends: once the
// thread is joined, the producer is closed only where state_ says Closed, so
// a later close() that returns unless the inbox is live does not flush it.
// A flush that does not test the state still meets it closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

class RequestInbox {
public:
  explicit RequestInbox(std::unique_ptr<kafka::KafkaProducer> c)
      : consumer_(std::move(c)) {}

  void pump(const std::atomic<bool> &quit) {
    while (!quit) {
      bool delivered = false;
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (state_ != State::Live)
          return;
        consumer_->send({"inbox", "poll"});
        delivered = !consumer_->isClosed();
      }
      if (!delivered) {
        close();
        break;
      }
    }
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ != State::Live)
      return;
    state_ = State::Closed;
    consumer_->flush();
    consumer_->close();
  }

  void commitNow() { consumer_->flush(); }

private:
  enum class State { Live, Closed };
  std::unique_ptr<kafka::KafkaProducer> consumer_;
  std::mutex mu_;
  State state_ = State::Live;
};

class Desk {
public:
  explicit Desk(std::unique_ptr<kafka::KafkaProducer> c)
      : inbox_(std::make_unique<RequestInbox>(std::move(c))) {
    pump_ = std::thread([this] { inbox_->pump(quit_); });
  }
  void stopInbox() {
    quit_ = true;
    if (pump_.joinable())
      pump_.join();
    inbox_->close();
  }
  void stopAndCommit() {
    quit_ = true;
    if (pump_.joinable())
      pump_.join();
    // CHECK: [[@LINE+1]]:13: warning: call to 'commitNow' uses 'inbox_.consumer_' that may have been closed [errlint-send-after-close]
    inbox_->commitNow();
  }

private:
  std::atomic<bool> quit_{false};
  std::unique_ptr<RequestInbox> inbox_;
  std::thread pump_;
};

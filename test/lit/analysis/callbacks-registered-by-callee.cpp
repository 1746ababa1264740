// A method that hands a callable to a registry its caller gives it (or one
// its caller reaches) leaves it there: `begin(bus)` subscribing a lambda
// that sends on the job's connection, then `cancel()` closing it, then
// `bus.publish()` running the lambda is a send after close. A component
// that unsubscribes before it closes, or a registry that never runs the
// callable again, is quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <functional>
#include <map>
#include <memory>
using namespace kafka;

class Bus {
public:
  int subscribe(std::function<void(int)> cb) {
    callbacks_[next_] = std::move(cb);
    return next_++;
  }
  void unsubscribe(int id) { callbacks_.erase(id); }
  void publish(int v) {
    for (auto &entry : callbacks_)
      entry.second(v);
  }

private:
  std::map<int, std::function<void(int)>> callbacks_;
  int next_ = 1;
};

class Job {
public:
  void begin(Bus &bus) {
    auto out = out_;
    bus.subscribe([out](int) { out->send({"t", "done"}); });
  }
  void cancel() { out_->close(); }

private:
  std::shared_ptr<KafkaProducer> out_ = std::make_shared<KafkaProducer>();
};

class Recorder {
public:
  void attach(Bus &bus) {
    bus_ = &bus;
    token_ = bus.subscribe([this](int) { out_.send({"t", "tick"}); });
  }
  void close() {
    bus_->unsubscribe(token_);
    out_.close();
  }

private:
  KafkaProducer out_;
  Bus *bus_ = nullptr;
  int token_ = 0;
};

void cancelled(Bus &bus, Job &job) {
  job.begin(bus);
  bus.publish(1);
  job.cancel();
  // CHECK: callbacks-registered-by-callee.cpp:[[@LINE+1]]:7: warning: call to 'publish' runs a callback that uses 'job.out_' after it was closed [errlint-send-after-close]
  bus.publish(2);
  // CHECK: callbacks-registered-by-callee.cpp:35:9: note: the callback is kept here by 'subscribe'
  // CHECK: callbacks-registered-by-callee.cpp:35:37: note: the callback calls 'send' on it here
}

void unsubscribed(Bus &bus, Recorder &rec) {
  rec.attach(bus);
  bus.publish(1);
  rec.close();
  bus.publish(2);
}

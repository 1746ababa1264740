// What a class's other methods leave running, for a method that waits for
// it: tasks publishBook() posted to the member pool race with a stop()
// that closes the producer they use before it waits for the pool; a thread
// start() started through a member object (the loop) races with a stop()
// that closes what the loop was given before it stops the loop. The
// methods that wait first, or do not wait at all, are quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <atomic>
#include <functional>
#include <thread>
using namespace kafka;

/// An in-house pool in the usual shape.
class WorkerThreadPool {
public:
  void post(std::function<void()> task);
  void wait();
};

class Engine {
public:
  void publishBook(int n) {
    for (int i = 0; i < n; ++i)
      pool_.post([this] { md_.send({"md", "x"}); });
  }
  void stopRisky() {
    // CHECK: sibling-methods.cpp:[[@LINE+1]]:9: warning: 'md_' is closed while an executor task that uses it may still be running [errlint-close-while-in-use]
    md_.close();
    // CHECK: sibling-methods.cpp:25:13: note: the executor task is started here
    pool_.wait();
  }
  void stopFixed() {
    pool_.wait();
    md_.close();
  }
  void closeOnly() { md_.close(); }

private:
  WorkerThreadPool pool_;
  KafkaProducer md_;
};

class Loop {
public:
  explicit Loop(KafkaProducer &out) : out_(out) {}
  void start() {
    worker_ = std::thread([this] {
      while (running_)
        out_.send({"t", "v"});
    });
  }
  void stop() {
    running_ = false;
    if (worker_.joinable())
      worker_.join();
  }

private:
  KafkaProducer &out_;
  std::atomic<bool> running_{true};
  std::thread worker_;
};

class Bridge {
public:
  Bridge() : loop_(out_) {}
  void start() { loop_.start(); }
  void stopRisky() {
    // CHECK: sibling-methods.cpp:[[@LINE+1]]:10: warning: 'out_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
    out_.close();
    loop_.stop();
  }
  void stopFixed() {
    loop_.stop();
    out_.close();
  }

private:
  KafkaProducer out_;
  Loop loop_;
};

// The thread a callee started and kept in a member runs on after the call:
// closing what it uses before the loop is stopped races with it.
void loopRisky(KafkaProducer &p) {
  Loop l(p);
  l.start();
  // CHECK: sibling-methods.cpp:[[@LINE+1]]:5: warning: 'p' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  p.close();
  l.stop();
}
void loopFixed(KafkaProducer &p) {
  Loop l(p);
  l.start();
  l.stop();
  p.close();
}

// The loop bound by a default member initializer, under a defaulted
// constructor: the same producer.
class DefaultedBridge {
public:
  DefaultedBridge() = default;
  void start() { loop_.start(); }
  void stopRisky() {
    // CHECK: sibling-methods.cpp:[[@LINE+1]]:10: warning: 'out_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
    out_.close();
    loop_.stop();
  }

private:
  KafkaProducer out_;
  Loop loop_{out_};
};

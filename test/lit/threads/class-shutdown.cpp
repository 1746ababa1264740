// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++20 -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <atomic>
#include <thread>
using namespace kafka;

// A class that owns a worker thread and a producer.
class Publisher {
public:
  void start() {
    worker_ = std::thread([this] {
      while (running_)
        producer_.send({"t", "v"});
    });
  }
  // Closes the producer before joining the worker.
  void stopRisky() {
    running_ = false;
    // CHECK: class-shutdown.cpp:[[@LINE+1]]:15: warning: 'producer_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
    producer_.close();
    // CHECK: class-shutdown.cpp:11:15: note: the thread is started here
    // CHECK: class-shutdown.cpp:13:19: note: it calls 'send' on 'producer_' here
    worker_.join();
  }
  // Joins first: correct.
  void stopFixed() {
    running_ = false;
    worker_.join();
    producer_.close();
  }
  // Negative: does not join the worker at all; whoever calls it must have.
  void closeProducer() { producer_.close(); }

private:
  std::atomic<bool> running_{true};
  std::thread worker_;
  KafkaProducer producer_;
};

// A jthread member joins after the destructor body: a close in it races.
class Streamer {
public:
  Streamer() : worker_([this] { producer_.flush(); }) {}
  ~Streamer() {
    // CHECK: class-shutdown.cpp:[[@LINE+1]]:15: warning: 'producer_' is closed while a jthread that uses it may still be running
    producer_.close();
  }

private:
  KafkaProducer producer_;
  std::jthread worker_;
};

// Negative: the destructor joins first.
class OrderedStreamer {
public:
  OrderedStreamer() : worker_([this] { producer_.flush(); }) {}
  ~OrderedStreamer() {
    worker_.join();
    producer_.close();
  }

private:
  KafkaProducer producer_;
  std::thread worker_;
};

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags -std=c++20 -pthread | FileCheck %s --implicit-check-not=warning:

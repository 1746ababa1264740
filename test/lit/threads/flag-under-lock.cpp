// A worker that tests a flag of its own under the mutex the closer holds
// while it sets the flag and closes is serialized with the close; without
// the lock, or when the closer does not set the flag, it races.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++20 -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <deque>
#include <mutex>
#include <thread>
using namespace kafka;

// Negative.
class Forwarder {
public:
  explicit Forwarder(KafkaProducer &P) : Producer(P) {
    Worker = std::thread([this] { run(); });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Stopping = true;
      Producer.close();
    }
    Worker.join();
  }

private:
  void run() {
    for (;;) {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (Stopping)
        return;
      if (Backlog.empty())
        continue;
      Producer.send(Backlog.front());
      Backlog.pop_front();
    }
  }
  KafkaProducer &Producer;
  std::mutex Mutex;
  std::deque<ProducerRecord> Backlog;
  bool Stopping = false;
  std::thread Worker;
};

// Positive: the flag is tested before the lock is taken.
class Unlocked {
public:
  explicit Unlocked(KafkaProducer &P) : Producer(P) {
    Worker = std::thread([this] { run(); });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Stopping = true;
      // CHECK: flag-under-lock.cpp:[[@LINE+1]]:16: warning: 'Producer' is closed while a thread that uses it may still be running
      Producer.close();
    }
    Worker.join();
  }

private:
  void run() {
    for (;;) {
      if (Stopping)
        return;
      std::lock_guard<std::mutex> Lock(Mutex);
      Producer.send(ProducerRecord{});
    }
  }
  KafkaProducer &Producer;
  std::mutex Mutex;
  bool Stopping = false;
  std::thread Worker;
};

// Positive: the closer holds the lock but leaves the flag alone.
class FlagNotSet {
public:
  explicit FlagNotSet(KafkaProducer &P) : Producer(P) {
    Worker = std::thread([this] { run(); });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      // CHECK: flag-under-lock.cpp:[[@LINE+1]]:16: warning: 'Producer' is closed while a thread that uses it may still be running
      Producer.close();
    }
    Worker.join();
  }

private:
  void run() {
    for (;;) {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (Stopping)
        return;
      Producer.send(ProducerRecord{});
    }
  }
  KafkaProducer &Producer;
  std::mutex Mutex;
  bool Stopping = false;
  std::thread Worker;
};

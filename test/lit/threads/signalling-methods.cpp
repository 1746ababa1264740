// A method that writes a flag, counter or state its member thread reads
// talks to the running thread, so it runs while the thread does even when
// it does not join it: its close races with the thread's uses unless the
// thread checks that flag under a lock the method holds. A method that
// tells the thread nothing may be called after a join elsewhere.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
using namespace kafka;

// Positive: the flag is set and tested under two different mutexes.
class TwoMutexes {
public:
  explicit TwoMutexes(KafkaProducer &P) : Producer(P) {
    Worker = std::thread([this] { upload(); });
  }
  void stop() {
    std::lock_guard<std::mutex> Lock(StateMutex);
    Stopping = true;
    // CHECK: signalling-methods.cpp:[[@LINE+1]]:14: warning: 'Producer' is closed while a thread that uses it may still be running
    Producer.close();
  }
  void join() { Worker.join(); }

private:
  void upload() {
    for (int Chunk = 0; Chunk < 16; ++Chunk) {
      std::lock_guard<std::mutex> Lock(SendMutex);
      if (Stopping)
        return;
      Producer.send(ProducerRecord{});
    }
  }
  KafkaProducer &Producer;
  std::mutex StateMutex, SendMutex;
  bool Stopping = false;
  std::thread Worker;
};

// Negative: one mutex serializes the flag and the send.
class OneMutex {
public:
  explicit OneMutex(KafkaProducer &P) : Producer(P) {
    Worker = std::thread([this] { upload(); });
  }
  void stop() {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
    Producer.close();
  }
  void join() { Worker.join(); }

private:
  void upload() {
    for (int Chunk = 0; Chunk < 16; ++Chunk) {
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

// Negative: the destructor stops through stop(), whose close is serialized
// by the flag it sets under the worker's mutex.
class StopFromDestructor {
public:
  explicit StopFromDestructor(KafkaProducer &P) : Producer(P) {
    Worker = std::thread([this] { upload(); });
  }
  ~StopFromDestructor() { stop(); }
  void stop() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (Stopping)
        return;
      Stopping = true;
      Producer.close();
    }
    Worker.join();
  }

private:
  void upload() {
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

// Positive: an atomic flag set through a helper, the join left to the
// destructor.
class AtomicFlag {
public:
  explicit AtomicFlag(KafkaProducer &P) : Producer(P) {
    Worker = std::thread(&AtomicFlag::loop, this);
  }
  ~AtomicFlag() {
    if (Worker.joinable())
      Worker.join();
  }
  void shutdown() {
    requestStop();
    // CHECK: signalling-methods.cpp:[[@LINE+1]]:14: warning: 'Producer' is closed while a thread that uses it may still be running
    Producer.close();
  }

private:
  void requestStop() { Running.store(false); }
  void loop() {
    while (Running.load())
      Producer.send(ProducerRecord{});
  }
  KafkaProducer &Producer;
  std::atomic<bool> Running{true};
  std::thread Worker;
};

// Negative: closing tells the thread nothing, so it may be meant to run
// after join(); and the thread's own code closing at its end is not beside
// itself.
class JoinThenClose {
public:
  explicit JoinThenClose(KafkaProducer &P) : Producer(P) {
    Worker = std::thread([this] { loop(); });
  }
  void join() { Worker.join(); }
  void closeProducer() {
    Closed = true;
    Producer.close();
  }

private:
  void loop() {
    for (int I = 0; I < 16; ++I)
      Producer.send(ProducerRecord{});
    Sent = 16;
    if (Sent == 16)
      Producer.flush();
  }
  KafkaProducer &Producer;
  bool Closed = false;
  int Sent = 0;
  std::thread Worker;
};

// Negative: the signal is sent and the thread joined before the close.
class SignalJoinClose {
public:
  explicit SignalJoinClose(KafkaProducer &P) : Producer(P) {
    Worker = std::thread([this] { loop(); });
  }
  void stop() {
    Stopping = true;
    Worker.join();
    Producer.close();
  }

private:
  void loop() {
    while (!Stopping)
      Producer.send(ProducerRecord{});
  }
  KafkaProducer &Producer;
  std::atomic<bool> Stopping{false};
  std::thread Worker;
};

void use(KafkaProducer &P) {
  TwoMutexes A(P);
  OneMutex B(P);
  AtomicFlag C(P);
  JoinThenClose D(P);
  SignalJoinClose E(P);
  StopFromDestructor F(P);
}

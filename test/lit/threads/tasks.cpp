// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++20 -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <future>
#include <latch>
#include <thread>
using namespace kafka;
using namespace cassandra;

// std::jthread joins at scope exit, which is after an explicit close.
void jthreadScope(KafkaProducer &producer) {
  std::jthread worker([&] { producer.send({}); });
  // CHECK: tasks.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while a jthread that uses it may still be running [errlint-close-while-in-use]
  producer.close();
}
// Negative: the jthread's scope ends before the close.
void jthreadInnerScope(KafkaProducer &producer) {
  {
    std::jthread worker([&] { producer.send({}); });
  }
  producer.close();
}

// std::async with the default policy and with launch::async.
void asyncDefault(KafkaProducer &producer) {
  auto done = std::async([&] { producer.flush(); });
  // CHECK: tasks.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while an async task that uses it may still be running
  producer.close();
  done.get();
}
void asyncLaunch(StreamingMultiplexedChannel &channel) {
  std::future<void> f =
      std::async(std::launch::async, [&] { channel.sendControlMessage({}); });
  // CHECK: tasks.cpp:[[@LINE+1]]:11: warning: 'channel' is closed while an async task that uses it may still be running
  channel.close();
  f.wait();
}
// Negative: awaited first; deferred tasks run on this thread.
void asyncAwaited(KafkaProducer &producer) {
  auto done = std::async(std::launch::async, [&] { producer.flush(); });
  done.get();
  producer.close();
}
void asyncDeferred(KafkaProducer &producer) {
  auto later = std::async(std::launch::deferred, [&] { producer.flush(); });
  producer.close();
  later.get();
}

// A latch the workers count down ends the danger once waited for.
void latchWait(KafkaProducer &producer) {
  std::latch done(1);
  std::thread worker([&] {
    producer.send({});
    done.count_down();
  });
  worker.detach();
  done.wait();
  producer.close();
}
void latchNotWaited(KafkaProducer &producer) {
  std::latch done(1);
  std::thread worker([&] {
    producer.send({});
    done.count_down();
  });
  worker.detach();
  // CHECK: tasks.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while a detached thread that uses it may still be running
  producer.close();
  done.wait();
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags -std=c++20 -pthread | FileCheck %s --implicit-check-not=warning:

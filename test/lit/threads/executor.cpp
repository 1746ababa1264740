// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <asio.hpp>
#include <functional>
#include <future>
using namespace kafka;

/// An in-house pool in the usual shape.
class WorkerThreadPool {
public:
  void post(std::function<void()> task);
  std::future<void> submit(std::function<void()> task);
  void wait();
};

// Kafka's example fix, before: the scheduler outlives the producer.
void schedulerOutlives(WorkerThreadPool &scheduler, KafkaProducer &producer) {
  scheduler.post([&] { producer.send({"t", "v"}); });
  // CHECK: executor.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while an executor task that uses it may still be running [errlint-close-while-in-use]
  producer.close();
  // CHECK: executor.cpp:[[@LINE-3]]:13: note: the executor task is started here
}
// ... and after: shut the scheduler down and wait, then close.
void schedulerDrained(WorkerThreadPool &scheduler, KafkaProducer &producer) {
  scheduler.post([&] { producer.send({"t", "v"}); });
  scheduler.wait();
  producer.close();
}

// A future returned by submit() is awaited.
void submitAwaited(WorkerThreadPool &pool, KafkaProducer &producer) {
  auto f = pool.submit([&] { producer.send({}); });
  f.get();
  producer.close();
}
void submitNotAwaited(WorkerThreadPool &pool, KafkaProducer &producer) {
  auto f = pool.submit([&] { producer.send({}); });
  // CHECK: executor.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while an executor task that uses it may still be running
  producer.close();
  f.get();
}

// Asio's thread pool and asio::post.
void asioPool(KafkaProducer &producer) {
  asio::thread_pool pool(2);
  asio::post(pool, [&] { producer.flush(); });
  // CHECK: executor.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while an executor task that uses it may still be running
  producer.close();
  pool.join();
}
void asioPoolJoined(KafkaProducer &producer) {
  asio::thread_pool pool(2);
  asio::post(pool, [&] { producer.flush(); });
  pool.join();
  producer.close();
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags -pthread | FileCheck %s --implicit-check-not=warning:

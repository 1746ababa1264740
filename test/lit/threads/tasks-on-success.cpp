// A start() that hands tasks to a pool and, when it then fails, waits for
// the pool before it returns false: its tasks outlive it only where it
// returns true. A caller that finds it false has no task running when it
// closes the producer; one that goes on after a true result does.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <functional>
using namespace kafka;

/// An in-house pool in the usual shape.
class WorkerThreadPool {
public:
  void post(std::function<void()> task);
  void wait();
};

bool listen();

bool start(WorkerThreadPool &pool, KafkaProducer &producer) {
  pool.post([&producer] { producer.send({"t", "hello"}); });
  if (!listen()) {
    pool.wait();
    return false;
  }
  return true;
}

int failedStart(WorkerThreadPool &pool, KafkaProducer &producer) {
  if (!start(pool, producer)) {
    producer.close();
    return 1;
  }
  // CHECK: tasks-on-success.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while an executor task that uses it may still be running [errlint-close-while-in-use]
  producer.close();
  pool.wait();
  return 0;
}

int storedResult(WorkerThreadPool &pool, KafkaProducer &producer) {
  bool ok = start(pool, producer);
  if (!ok) {
    producer.close();
    return 1;
  }
  pool.wait();
  producer.close();
  return 0;
}

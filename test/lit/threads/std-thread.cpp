// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <mutex>
#include <thread>
#include <utility>
#include <vector>
using namespace kafka;

bool running();

// Kafka's trigger: workers keep sending while the producer is closed.
void closeBeforeJoin(KafkaProducer &producer) {
  std::thread worker([&producer] {
    while (running())
      producer.send({"t", "v"});
  });
  // CHECK: std-thread.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  producer.close();
  // CHECK: std-thread.cpp:[[@LINE-6]]:15: note: the thread is started here
  // CHECK: std-thread.cpp:[[@LINE-5]]:16: note: it calls 'send' on 'producer' here
  worker.join();
}

// Negative: joined first, on every path.
void joinThenClose(KafkaProducer &producer) {
  std::thread worker([&] { producer.send({}); });
  worker.join();
  producer.close();
}

// Joined on one path only: still reported.
void joinOnOnePath(KafkaProducer &producer, bool fast) {
  std::thread worker([&] { producer.send({}); });
  if (!fast)
    worker.join();
  // CHECK: std-thread.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while a thread that uses it may still be running
  producer.close();
  if (fast)
    worker.join();
}

// A detached thread is never joined.
void detached(KafkaProducer *producer) {
  std::thread([producer] { producer->flush(); }).detach();
  // CHECK: std-thread.cpp:[[@LINE+1]]:13: warning: 'producer' is closed while a detached thread that uses it may still be running
  producer->close();
}

// A function and std::ref arguments instead of a lambda.
void pump(KafkaProducer &p, int n) {
  for (int i = 0; i < n; ++i)
    p.send({});
}
void pumpOwn(KafkaProducer p, int n) { pump(p, n); }
void functionThread(KafkaProducer &producer) {
  std::thread worker(pump, std::ref(producer), 10);
  // CHECK: std-thread.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while a thread that uses it may still be running
  producer.close();
  worker.join();
}

// Negative: the thread only queries the state.
void onlyQueries(KafkaProducer &producer) {
  std::thread watcher([&] { (void)producer.isClosed(); });
  producer.close();
  watcher.join();
}

// Negative: the thread has its own producer (moved in, or a copy).
void ownProducer(KafkaProducer producer) {
  std::thread worker([p = std::move(producer)]() mutable { p.send({}); });
  producer.close();
  KafkaProducer other;
  std::thread copier(pumpOwn, other, 1);
  other.close();
  worker.join();
  copier.join();
}

// Negative: close and use serialized by one mutex, with a closed check.
void serialized(KafkaProducer &producer, std::mutex &m) {
  std::thread worker([&] {
    std::lock_guard<std::mutex> lock(m);
    if (!producer.isClosed())
      producer.send({});
  });
  {
    std::lock_guard<std::mutex> lock(m);
    producer.close();
  }
  worker.join();
}

// A check without the shared lock is still a race.
void checkedButUnlocked(KafkaProducer &producer) {
  std::thread worker([&] {
    if (!producer.isClosed())
      producer.send({});
  });
  // CHECK: std-thread.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while a thread that uses it may still be running
  producer.close();
  // CHECK: note: the thread is started here; its check that 'producer' is open is not made under a lock held here
  worker.join();
}

// The single-thread form: a thread started after the close.
void startedAfterClose(KafkaProducer &producer) {
  producer.close();
  // CHECK: std-thread.cpp:[[@LINE+1]]:15: warning: the thread started here uses 'producer' after it was closed [errlint-send-after-close]
  std::thread late([&] { producer.send({}); });
  // CHECK: std-thread.cpp:[[@LINE-1]]:35: note: the thread uses it here
  late.join();
}

// Threads in a container, joined in a loop.
void pool(KafkaProducer &producer) {
  std::vector<std::thread> workers;
  for (int i = 0; i < 4; ++i)
    workers.emplace_back([&] { producer.send({}); });
  // CHECK: std-thread.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while a thread that uses it may still be running
  producer.close();
  for (auto &w : workers)
    w.join();
}
void poolJoinedFirst(KafkaProducer &producer) {
  std::vector<std::thread> workers;
  for (int i = 0; i < 4; ++i)
    workers.emplace_back([&] { producer.send({}); });
  for (auto &w : workers)
    w.join();
  producer.close();
}

// A thread that is not joinable runs nothing: joined when joinable, it has
// ended on both paths.
class Shipper {
public:
  explicit Shipper(KafkaProducer &P) : Producer(P) {}
  void start() {
    Worker = std::thread([this] { Producer.send({}); });
  }
  void stopJoinable() {
    if (Worker.joinable())
      Worker.join();
    Producer.close();
  }
  void stopUnlessRunning() {
    if (!Worker.joinable()) {
      Producer.close();
      return;
    }
    // CHECK: std-thread.cpp:[[@LINE+1]]:14: warning: 'Producer' is closed while a thread that uses it may still be running
    Producer.close();
    Worker.join();
  }

private:
  KafkaProducer &Producer;
  std::thread Worker;
};
void stopsWhenJoinable(KafkaProducer &P) {
  std::thread T([&] { P.send({}); });
  if (T.joinable())
    T.join();
  P.close();
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags -pthread | FileCheck %s --implicit-check-not=warning:

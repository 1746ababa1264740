// Two log shippers with a background worker thread each. The closer sets the
// shipper's stopping flag and closes the output under the shipper's mutex.
// Bugs: LogShipper's worker tests an atomic stopping flag without taking the
// mutex and then sends, so stop() can close the producer between the test and
// the send; MetricShipper's worker tests the flag under the mutex but drops
// the lock before writing, which leaves the same window open. (Each close()
// is the partner of the racing use.) HeartbeatShipper is correct: it joins its
// worker before closing.
#include "messaging.h"
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>

class LogShipper {
public:
  LogShipper() : Producer("kafka-1:9092"), Worker([this] { run(); }) {}
  void stop() {
    {
      std::lock_guard<std::mutex> L(Mu);
      Stopping = true;
      Producer.close(); // SAME: lograce
    }
    Worker.join();
  }

private:
  void run() {
    while (!Stopping.load()) {
      Producer.send({"logs", "line"}); // BUG: use-after-close #lograce
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  std::mutex Mu;
  std::atomic<bool> Stopping{false};
  kafka::KafkaProducer Producer;
  std::thread Worker;
};

class MetricShipper {
public:
  MetricShipper() : Worker([this] { run(); }) {}
  void stop() {
    {
      std::lock_guard<std::mutex> L(Mu);
      Stopping = true;
      Out.close(); // SAME: metricrace
    }
    Worker.join();
  }

private:
  void run() {
    for (;;) {
      {
        std::lock_guard<std::mutex> L(Mu);
        if (Stopping)
          return;
      }
      Out.send("cpu=0.3"); // BUG: use-after-close #metricrace
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  std::mutex Mu;
  bool Stopping = false;
  EventChannel Out;
  std::thread Worker;
};

class HeartbeatShipper {
public:
  HeartbeatShipper() : Worker([this] { run(); }) {}
  void stop() {
    Stopping = true;
    Worker.join();
    Out.close(); // OK: the worker has exited, nothing sends any more
  }

private:
  void run() {
    while (!Stopping.load())
      Out.send("beat"); // OK: stop() joins this thread before closing Out
  }
  std::atomic<bool> Stopping{false};
  EventChannel Out;
  std::thread Worker;
};

int main() {
  LogShipper Logs;
  MetricShipper Metrics;
  HeartbeatShipper Beats;
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  Beats.stop();
  Metrics.stop();
  Logs.stop();
  return 0;
}

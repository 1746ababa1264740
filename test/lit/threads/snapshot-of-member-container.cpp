// A thread given a snapshot of a member container of shared pointers
// (`auto pumps = pumps_;` captured by copy) uses the member's elements:
// closing them while the thread may still run is a race, as it is when
// the thread reads the member itself; closing them once the thread is
// joined is not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

class SumpChannel {
public:
  double readLevel() {
    if (!open_)
      throw std::runtime_error("sump channel closed");
    return 1.0;
  }
  void close() { open_ = false; }

private:
  bool open_ = true;
};

class SumpStation {
public:
  void startTelemetry() {
    auto pumps = pumps_;
    telemetry_ = std::thread([this, pumps] {
      while (!stop_.load())
        for (const auto &p : pumps)
          last_ = p->readLevel();
    });
  }
  void shutdown() {
    for (auto &p : pumps_)
      p->close();
    // CHECK: :[[@LINE-1]]:10: warning: 'p' is closed while a thread that uses it may still be running
    stop_.store(true);
    if (telemetry_.joinable())
      telemetry_.join();
  }

private:
  std::vector<std::shared_ptr<SumpChannel>> pumps_;
  std::thread telemetry_;
  std::atomic<bool> stop_{false};
  double last_ = 0;
};

class OrderlyStation {
public:
  void startTelemetry() {
    auto pumps = pumps_;
    telemetry_ = std::thread([this, pumps] {
      while (!stop_.load())
        for (const auto &p : pumps)
          last_ = p->readLevel();
    });
  }
  void shutdown() {
    stop_.store(true);
    if (telemetry_.joinable())
      telemetry_.join();
    for (auto &p : pumps_)
      p->close();
  }

private:
  std::vector<std::shared_ptr<SumpChannel>> pumps_;
  std::thread telemetry_;
  std::atomic<bool> stop_{false};
  double last_ = 0;
};

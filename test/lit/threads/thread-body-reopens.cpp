// A member thread's own body that drops its device and opens it again
// (`abandon()` after a failed read, `reopen()` on the next tick) does not
// race with itself: the thread that runs that method is the one whose uses
// the closes would meet. Another method that drops the device and opens it
// again while the thread runs still races with it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>

class SensorTty {
public:
  void write(const std::string &) {
    if (fd_ < 0)
      throw std::runtime_error("sensor tty closed");
  }
  void abandon() noexcept { fd_ = -1; }
  bool reopen() {
    fd_ = -1;
    return open();
  }
  bool open() {
    if (fd_ >= 0)
      return true;
    int Fd = acquire();
    if (Fd < 0)
      return false;
    fd_ = Fd;
    return true;
  }

private:
  static int acquire();
  int fd_ = -1;
};

class ChamberWatch {
public:
  void start() { thread_ = std::thread(&ChamberWatch::run, this); }
  void stop() {
    running_ = false;
    thread_.join();
  }
  void recalibrate() {
    port_.abandon();
    // CHECK: :[[@LINE-1]]:11: warning: 'port_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
    port_.open();
  }

private:
  void run() {
    while (running_) {
      if (!port_.reopen())
        continue;
      try {
        port_.write("STATUS");
      } catch (const std::runtime_error &) {
        port_.abandon();
      }
    }
  }
  SensorTty port_;
  std::atomic<bool> running_{true};
  std::thread thread_;
};

// The member threads of a class do not depend on which of its methods is
// analyzed first: here the thread's body comes first in the file, and its
// analysis is the one that asks for the class's member threads (one of
// which runs it). stop() still closes the channel while that thread may
// run; halt() joins it first.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <stdexcept>
#include <thread>

class SiloChannel {
public:
  void send(int reading) {
    if (closed_)
      throw std::runtime_error("silo channel closed");
    last_ = reading;
  }
  void close() { closed_ = true; }

private:
  std::atomic<bool> closed_{false};
  int last_ = 0;
};

class SiloMonitor {
public:
  explicit SiloMonitor(SiloChannel &channel);
  void stop();
  void halt();

private:
  void sample();
  SiloChannel &channel_;
  std::atomic<bool> running_{true};
  std::thread sampler_;
};

void SiloMonitor::sample() {
  while (running_)
    channel_.send(7);
}

void SiloMonitor::stop() {
  running_ = false;
  // CHECK: :[[@LINE+1]]:12: warning: 'channel_' is closed while a thread that uses it may still be running
  channel_.close();
}

void SiloMonitor::halt() {
  running_ = false;
  if (sampler_.joinable())
    sampler_.join();
  channel_.close();
}

SiloMonitor::SiloMonitor(SiloChannel &channel) : channel_(channel) {
  sampler_ = std::thread([this] { sample(); });
}

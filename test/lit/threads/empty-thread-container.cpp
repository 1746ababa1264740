// Where a container of threads is empty no thread in it runs: a destructor
// that stops the workers only `if (!workers_.empty())` and then lets a member
// whose destructor closes be destroyed does not race them. One that destroys
// the member without stopping them does.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class SampleSink {
public:
  ~SampleSink() { close(); }
  void record(const std::string &Name) {
    if (closed_)
      throw std::runtime_error("sink closed, dropping " + Name);
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
};

class CpuAgent {
public:
  ~CpuAgent() {
    if (!workers_.empty())
      stop();
  }
  void start(unsigned N) {
    running_ = true;
    for (unsigned I = 0; I < N; ++I)
      workers_.emplace_back([this] {
        while (running_.load())
          sink_.record("cpu");
      });
  }
  void stop() {
    running_ = false;
    for (std::thread &T : workers_)
      T.join();
    workers_.clear();
  }

private:
  SampleSink sink_;
  std::atomic<bool> running_{false};
  std::vector<std::thread> workers_;
};

class LeakyAgent {
public:
  ~LeakyAgent() {
    for (std::thread &T : workers_)
      T.detach();
  }
  void start(unsigned N) {
    for (unsigned I = 0; I < N; ++I)
      workers_.emplace_back([this] { sink_.record("cpu"); });
  }

private:
  SampleSink sink_;
  std::vector<std::thread> workers_;
};

int main() {
  CpuAgent A;
  A.start(2);
  LeakyAgent L;
  L.start(2);
  return 0;
}
// CHECK: empty-thread-container.cpp:71:14: warning: 'L.sink_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
// CHECK: empty-thread-container.cpp:14:19: note: the destructor of 'L.sink_' closes it here

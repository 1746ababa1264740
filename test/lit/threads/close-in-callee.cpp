// A close made inside a method the closer calls (`forwarder.stop()` closing
// its channel) races the thread where the close is, the line a reader of
// stop() must fix or the caller must order; a note points at the call.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++20 -pthread | FileCheck %s --implicit-check-not=warning:
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class LogChannel {
public:
  void write(const std::string &line) {
    if (disconnected_)
      throw std::runtime_error("log channel disconnected");
    lines_.push_back(line);
  }
  void disconnect() { disconnected_ = true; }

private:
  std::vector<std::string> lines_;
  bool disconnected_ = false;
};

class Forwarder {
public:
  void forward(const std::string &line) {
    std::lock_guard<std::mutex> lock(mutex_);
    channel_.write(line);
  }
  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    // The close inside the callee is the note below the warning.
    channel_.disconnect();
  }

private:
  LogChannel channel_;
  std::mutex mutex_;
};

void racing(const std::vector<std::string> &lines) {
  Forwarder forwarder;
  std::thread tail([&] {
    for (const std::string &l : lines)
      forwarder.forward(l);
  });
  // CHECK: close-in-callee.cpp:[[@LINE+1]]:13: warning: 'forwarder.channel_' is closed while a thread that uses it may still be running
  forwarder.stop();
  // CHECK: close-in-callee.cpp:34:14: note: 'stop' closes it here
  tail.join();
}

void joined(const std::vector<std::string> &lines) {
  Forwarder forwarder;
  std::thread tail([&] {
    for (const std::string &l : lines)
      forwarder.forward(l);
  });
  tail.join();
  forwarder.stop();
}

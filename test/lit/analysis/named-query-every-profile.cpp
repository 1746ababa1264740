// A query whose name says what it tests (`closed()`), which the class's
// inferred protocol names, guards the object under every profile that
// matches it: a `Channel<T>` the streaming-channel profile also matches
// (by its type name) is not used after close when `closed()` said open.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <mutex>
#include <stdexcept>
#include <string>

template <typename T> class Channel {
public:
  void send(T value) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("send on closed channel");
    last_ = std::move(value);
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("closed twice");
    closed_ = true;
  }
  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

private:
  mutable std::mutex mu_;
  T last_{};
  bool closed_ = false;
};

class Room {
public:
  void post(const std::string &line) {
    if (chat_.closed())
      return;
    chat_.send(line);
  }
  void postUnchecked(const std::string &line) { chat_.send(line); }
  void lock() { chat_.close(); }

private:
  Channel<std::string> chat_;
};

void checked() {
  Room room;
  room.lock();
  room.post("gg");
}

void unchecked() {
  Room room;
  room.lock();
  // CHECK: named-query-every-profile.cpp:[[@LINE+1]]:8: warning: call to 'postUnchecked' uses 'room.chat_' after it was closed
  room.postUnchecked("gg");
}

// A close written with an atomic exchange tests the state on entry with the
// value the exchange returns: `if (state_.exchange(Closed) == Closed)
// throw` makes a second close a double close; `if (stopped_.exchange(true))
// return;` makes the close idempotent.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <stdexcept>
#include <string>

class Exporter {
public:
  enum class State { Idle, Closed };
  void push(const std::string &sample) {
    if (state_.load() == State::Closed)
      throw std::runtime_error("exporter closed");
    last_ = sample;
  }
  void close() {
    if (state_.exchange(State::Closed) == State::Closed)
      throw std::runtime_error("exporter already closed");
  }

private:
  std::string last_;
  std::atomic<State> state_{State::Idle};
};

class Tailer {
public:
  void read() {
    if (stopped_.load())
      throw std::runtime_error("tailer stopped");
  }
  void stop() {
    if (stopped_.exchange(true))
      return;
  }

private:
  std::atomic<bool> stopped_{false};
};

void closeTwice(Exporter &e) {
  e.push("a 1");
  e.close();
  // CHECK: close-twice-exchange.cpp:[[@LINE+1]]:5: warning: 'close' closes 'e' a second time
  e.close();
}

void stopTwice(Tailer &t) {
  t.read();
  t.stop();
  t.stop(); // OK: the second stop() returns at once
}

// A result class holding std::variant<T, Err> says success through
// `std::holds_alternative<T>(v_)`: a helper that disconnects only where it
// returns the Err alternative leaves the bench open where the caller's
// test finds the value; a caller that goes on after the error uses it
// after the close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <variant>

class ReedBench {
public:
  explicit ReedBench(int fd) : fd_(fd) {}
  void nudge(int cents) {
    if (fd_ < 0)
      throw std::runtime_error("reed bench disconnected");
    last_ = cents;
  }
  void disconnect() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
  int last_ = 0;
};

template <typename T> class Outcome {
public:
  Outcome(T v) : v_(std::move(v)) {}
  static Outcome fail(std::string e) { return Outcome(Err{std::move(e)}); }
  explicit operator bool() const { return std::holds_alternative<T>(v_); }
  const std::string &error() const { return std::get<Err>(v_).msg; }

private:
  struct Err {
    std::string msg;
  };
  explicit Outcome(Err e) : v_(std::move(e)) {}
  std::variant<T, Err> v_;
};

Outcome<double> tuneReed(ReedBench &b, double hz) {
  if (hz < 400.0 || hz > 4000.0) {
    b.disconnect();
    return Outcome<double>::fail("target out of range");
  }
  return hz;
}

std::string voice(ReedBench &b, double hz) {
  if (auto r = tuneReed(b, hz); !r)
    return r.error();
  b.nudge(2);
  return {};
}

void voiceCarelessly(ReedBench &b, double hz) {
  auto r = tuneReed(b, hz);
  (void)r;
  // CHECK: :[[@LINE+1]]:5: warning: call to 'nudge' on 'b' that may have been closed
  b.nudge(3);
}

void voiceOnError(ReedBench &b, double hz) {
  auto r = tuneReed(b, hz);
  if (!r)
    // CHECK: :[[@LINE+1]]:7: warning: call to 'nudge' on 'b' that may have been closed
    b.nudge(4);
}

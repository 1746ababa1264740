// A class whose `explicit operator bool` (or query) returns what its member
// line's own conversion says (`return static_cast<bool>(synth_);`) guards
// that member: `if (lo) lo.tune(...)` after a close of the line on some
// path does not reach the closed line, nor does a use past `if (!lo)
// return;`. A conversion that tests something else (a frequency set) says
// nothing of the line.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <unistd.h>

class SynthLine {
public:
  void transmit(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("synth line closed: " + cmd);
    ::write(fd_, cmd.data(), cmd.size());
  }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  explicit operator bool() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

class FirstLo {
public:
  void tune(double ghz) {
    synth_.transmit("FREQ");
    ghz_ = ghz;
  }
  void close() {
    if (!synth_)
      return;
    synth_.close();
  }
  explicit operator bool() const { return static_cast<bool>(synth_); }

private:
  SynthLine synth_;
  double ghz_ = 0.0;
};

class SecondLo {
public:
  void tune(double ghz) {
    synth_.transmit("FREQ");
    ghz_ = ghz;
  }
  void close() { synth_.close(); }
  explicit operator bool() const { return ghz_ > 0.0; }

private:
  SynthLine synth_;
  double ghz_ = 0.0;
};

void applyBand(FirstLo &lo, bool powerCycle) {
  if (powerCycle)
    lo.close();
  if (lo)
    lo.tune(8.4);
}

void retune(FirstLo &lo, bool powerCycle) {
  if (powerCycle)
    lo.close();
  if (!lo)
    return;
  lo.tune(22.2);
}

void unguarded(FirstLo &lo, bool powerCycle) {
  if (powerCycle)
    lo.close();
  lo.tune(8.4);
  // CHECK: [[@LINE-1]]:6: warning: call to 'tune' uses 'lo.synth_' that may have been closed
}

void testsFrequency(SecondLo &lo, bool powerCycle) {
  if (powerCycle)
    lo.close();
  if (lo)
    lo.tune(8.4);
  // CHECK: [[@LINE-1]]:8: warning: call to 'tune' uses 'lo.synth_' that may have been closed
}

// A range-for over a `std::array` member or a C array member visits every
// element as one over a `std::vector` does (its iterator is a pointer, the
// element is `*__begin`): a method that sends on each element after a close
// of one of them, or of all of them, uses a closed element; a class whose
// elements are never closed before the loop is quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <array>
#include <stdexcept>
#include <string>

class StopChannel {
public:
  void send(const std::string &word) {
    if (closed_)
      throw std::runtime_error("stop channel closed: " + word);
    sent_ += word.size();
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  std::size_t sent_ = 0;
};

class StopRail {
public:
  void cancelAll() {
    for (StopChannel &ch : rail_)
      ch.send("cancel");
  }
  void retire(int d) { rail_[d].close(); }

private:
  std::array<StopChannel, 4> rail_;
};

class SwellRail {
public:
  void cancelAll() {
    for (StopChannel &ch : rail_)
      ch.send("cancel");
  }
  void retireAll() {
    for (StopChannel &ch : rail_)
      ch.close();
  }

private:
  StopChannel rail_[3];
};

void recital(StopRail &stops, SwellRail &swell) {
  stops.cancelAll();
  swell.cancelAll();
  stops.retire(2);
  // CHECK: [[@LINE+1]]:9: warning: call to 'cancelAll' uses 'stops.rail_[...]' that may have been closed [errlint-send-after-close]
  stops.cancelAll();
  swell.retireAll();
  // CHECK: [[@LINE+1]]:9: warning: call to 'cancelAll' uses 'swell.rail_[...]' that may have been closed [errlint-send-after-close]
  swell.cancelAll();
}

// A close made only where a flag said open, and the flag cleared at once,
// through `std::exchange(open, false)` or a copy taken before clearing it
// (`bool was = open; open = false; if (was) close();`): the close runs
// once, and a use guarded by the flag never meets it closed. Without the
// flag the loop closes twice.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class Pitch {
public:
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("pitch closed");
    last_ = m;
  }
  void close() {
    if (closed_)
      throw std::logic_error("pitch closed twice");
    closed_ = true;
  }

private:
  bool closed_ = false;
  std::string last_;
};

void exchanged(Pitch &p, const std::vector<bool> &rain) {
  bool open = true;
  for (bool raining : rain) {
    if (!raining) {
      if (open)
        p.send("playing");
      continue;
    }
    if (std::exchange(open, false))
      p.close();
  }
}

void copied(Pitch &p, const std::vector<bool> &rain) {
  bool open = true;
  for (bool raining : rain) {
    if (!raining) {
      if (open)
        p.send("playing");
      continue;
    }
    bool was = open;
    open = false;
    if (was)
      p.close();
  }
}

void unflagged(Pitch &p, const std::vector<bool> &rain) {
  for (bool raining : rain)
    if (raining)
      p.close();
  // CHECK: [[@LINE-1]]:9: warning: 'close' closes 'p' that may already have been closed
}

// A reference to the first element (`*v.begin()`, `m.begin()->second`)
// names an element of the container: after a loop that closes every
// element it is closed (some element of a map, whose first key is not
// known, v[0] of a vector). A loop over another container closes none of
// them.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

struct BuoyLink {
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("connection closed");
  }
  void close() { closed_ = true; }
  bool closed_ = false;
};

struct BuoyLine {
  BuoyLink link;
  bool lifted = false;
};

void beaconOff(std::map<std::string, BuoyLine> &lines) {
  BuoyLink &beacon = lines.begin()->second.link;
  for (auto &e : lines)
    e.second.link.close();
  beacon.send("BEACON OFF");
  // CHECK: first-element-reference.cpp:[[@LINE-1]]:10: warning: call to 'send' on 'beacon' that may have been closed
}

void firstOfVector(std::vector<BuoyLink> &v) {
  BuoyLink &first = *v.begin();
  for (auto &c : v)
    c.close();
  first.send("bye");
  // CHECK: first-element-reference.cpp:[[@LINE-1]]:9: warning: call to 'send' on 'first' that may have been closed
}

void otherContainer(std::vector<BuoyLink> &v, std::vector<BuoyLink> &spares) {
  BuoyLink &first = *v.begin();
  for (auto &c : spares)
    c.close();
  first.send("still open");
}

// A guard held in a std::optional closes what it was built on when the
// optional's value ends: `reset()`, `= std::nullopt`, or a second
// `emplace()`. The guard is built by `emplace(link)` or in place
// (`std::in_place, link`): its members are bound as its constructor binds
// them. Uses while the guard lives, and of another link, stay quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <optional>
#include <stdexcept>
#include <string>

class HeaterLink {
public:
  void send(const std::string &cmd) {
    if (!open_)
      throw std::runtime_error("link closed");
    last_ = cmd;
  }
  void close() {
    if (!open_)
      throw std::runtime_error("link closed twice");
    open_ = false;
  }

private:
  bool open_ = true;
  std::string last_;
};

class HeaterLease {
public:
  explicit HeaterLease(HeaterLink &l) : link_(l) {}
  ~HeaterLease() { link_.close(); }

private:
  HeaterLink &link_;
};

void emplaced(HeaterLink &link) {
  std::optional<HeaterLease> lease;
  lease.emplace(link);
  link.send("ramp");
  lease.reset();
  link.send("log-off");
  // CHECK: optional-guard-value-ends.cpp:[[@LINE-1]]:8: warning: call to 'send' on 'link' after it was closed
}

void in_place(HeaterLink &link) {
  std::optional<HeaterLease> lease(std::in_place, link);
  link.send("ramp");
  lease = std::nullopt;
  link.send("log-off");
  // CHECK: optional-guard-value-ends.cpp:[[@LINE-1]]:8: warning: call to 'send' on 'link' after it was closed
}

void moved_on(HeaterLink &east, HeaterLink &west) {
  std::optional<HeaterLease> lease;
  lease.emplace(east);
  east.send("ramp");
  lease.emplace(west);
  west.send("ramp");
  east.send("vent");
  // CHECK: optional-guard-value-ends.cpp:[[@LINE-1]]:8: warning: call to 'send' on 'east' after it was closed
}

void other_link(HeaterLink &east, HeaterLink &west) {
  std::optional<HeaterLease> lease;
  lease.emplace(east);
  lease.reset();
  west.send("ramp");
}

// A std::optional's engagement is a fact, as a pointer's nullness is:
// `if (standby_) standby_->close();` closes only where the optional holds a
// value, and a second such close of the value it still holds is a second
// close. emplace() after a close in a callee tells the caller of that close:
// the caller's own close before the call makes it a second one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <optional>
#include <stdexcept>
#include <string>

class RegionLink {
public:
  explicit RegionLink(std::string Host) : host_(std::move(Host)) {}
  void publish(const std::string &Topic) {
    if (closed_)
      throw std::runtime_error("link to " + host_ + " is closed");
  }
  void close() {
    if (closed_)
      throw std::logic_error("link to " + host_ + " closed twice");
    closed_ = true;
  }

private:
  std::string host_;
  bool closed_ = false;
};

class FailoverUplink {
public:
  void arm(const std::string &Host) {
    if (standby_)
      standby_->close();
    standby_.emplace(Host);
  }
  void pause() {
    if (standby_)
      standby_->close();
  }
  void drop() {
    if (standby_.has_value()) {
      standby_->close();
      standby_.reset();
    }
  }

private:
  std::optional<RegionLink> standby_;
};

void pausedThenRearmed() {
  FailoverUplink U;
  U.arm("eu1");
  U.pause();
  U.arm("eu2");
  // CHECK: [[@LINE-1]]:5: warning: 'arm' closes 'U.standby_' a second time [errlint-double-close]
}

void pausedTwice() {
  FailoverUplink U;
  U.arm("eu1");
  U.pause();
  U.pause();
  // CHECK: [[@LINE-1]]:5: warning: 'pause' closes 'U.standby_' a second time [errlint-double-close]
}

// Negative: drop() disengages what it closed, and arm() builds a new link.
void droppedThenRearmed() {
  FailoverUplink U;
  U.arm("eu1");
  U.drop();
  U.pause();
  U.arm("eu2");
  U.pause();
}

void pausedThenDropped() {
  FailoverUplink U;
  U.arm("eu1");
  U.pause();
  U.drop();
  // CHECK: [[@LINE-1]]:5: warning: 'drop' closes 'U.standby_' a second time [errlint-double-close]
}

// Negative: dropping empties the slot, so the next arm() closes nothing and
// the pause after it closes the new link once.
void rearmedBetween() {
  FailoverUplink U;
  U.arm("eu1");
  U.drop();
  U.arm("eu2");
  U.pause();
}

void local(bool Fresh) {
  std::optional<RegionLink> L;
  L.emplace("eu1");
  L->close();
  if (L)
    L->close();
  // CHECK: [[@LINE-1]]:8: warning: 'close' closes 'L' a second time [errlint-double-close]
  if (Fresh)
    L.emplace("eu2");
  if (L.has_value())
    L->publish("status");
  // CHECK: [[@LINE-1]]:8: warning: call to 'publish' on 'L' that may have been closed [errlint-use-after-close]
}

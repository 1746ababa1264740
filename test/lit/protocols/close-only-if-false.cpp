// A method whose own code closes only right before `return false;` (a
// negotiate() that lets the socket go when the peer refuses) leaves the
// object as it was where it returned true: a caller that goes on only on
// true uses an open link. Where it returned false, or its result was not
// looked at, the object may be closed. A method that closes and then
// returns true on some path is no such close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <unistd.h>

class TieLink {
public:
  bool negotiate(const std::string &profile) {
    if (sock_ < 0)
      return false;
    if (profile.empty()) {
      ::close(sock_);
      sock_ = -1;
      return false;
    }
    return true;
  }
  bool retune(const std::string &profile) {
    if (profile.empty()) {
      ::close(sock_);
      sock_ = -1;
    }
    return true;
  }
  void sendCue(const std::string &text) {
    if (sock_ < 0)
      throw std::runtime_error("tie link closed, cue lost: " + text);
    ::write(sock_, text.data(), text.size());
  }
  void close() {
    if (sock_ < 0)
      return;
    ::close(sock_);
    sock_ = -1;
  }

private:
  int sock_ = 3;
};

bool bringUp(TieLink &link, const std::string &profile) {
  if (!link.negotiate(profile))
    return false;
  link.sendCue("UP");
  return true;
}

bool bringUpEither(TieLink &link, const std::string &a, const std::string &b) {
  if (!link.negotiate(a) && !link.negotiate(b))
    return false;
  link.sendCue("UP");
  return true;
}

void refused(TieLink &link, const std::string &profile) {
  if (!link.negotiate(profile))
    // CHECK: close-only-if-false.cpp:[[@LINE+1]]:10: warning: call to 'sendCue' on 'link' after it was closed
    link.sendCue("REFUSED");
}

void unchecked(TieLink &link, const std::string &profile) {
  link.negotiate(profile);
  // CHECK: close-only-if-false.cpp:[[@LINE+1]]:8: warning: call to 'sendCue' on 'link' after it was closed
  link.sendCue("MAYBE");
}

void retuned(TieLink &link, const std::string &profile) {
  if (link.retune(profile))
    // CHECK: close-only-if-false.cpp:[[@LINE+1]]:10: warning: call to 'sendCue' on 'link' after it was closed
    link.sendCue("RETUNED");
}

// A method whose body only tests the object and throws (`ensureOpen()`) is
// one of the protocol's uses (the methods that call it fail once the press
// is closed), listed as a check: a call of it after a close on some path is
// the program asking, loudly, and is not reported; the uses after it are
// past a check that returned. A use that also works (`logIdle()` calling
// ensureOpen() and writing) is still reported after a close, and so is a
// use whose body is a bare test no other method calls (a stub's write()),
// and one whose tests do the work (`if (::write(...) < 0) throw ...;`).
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
// RUN: %errlint --list-protocols %s -- %cxxflags | FileCheck %s --check-prefix=PROTO
#include <stdexcept>
#include <string>
#include <unistd.h>

enum class PressState { Idle, Pressing, Closed };

class CorpsPress {
public:
  void ensureOpen() const {
    if (state_ == PressState::Closed)
      throw std::runtime_error("corps press closed");
  }
  void load(const std::string &chassis) {
    ensureOpen();
    ::write(fd_, chassis.data(), chassis.size());
    state_ = PressState::Pressing;
  }
  void logIdle(int minutes) {
    ensureOpen();
    ::write(fd_, &minutes, sizeof minutes);
  }
  void close() {
    if (state_ == PressState::Closed)
      return;
    ::close(fd_);
    state_ = PressState::Closed;
  }

private:
  int fd_ = -1;
  PressState state_ = PressState::Idle;
};
// PROTO: CorpsPress: closed when 'state_' is Closed
// PROTO: use load()
// PROTO: use logIdle()
// PROTO: check ensureOpen() {{.*}}throws "corps press closed"

class StubLedger {
public:
  void write(const std::string &line) {
    if (closed_)
      throw std::logic_error("write on closed ledger: " + line);
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
};

void stubWrite(StubLedger &ledger) {
  ledger.close();
  ledger.write("late");
  // CHECK: [[@LINE-1]]:10: warning: call to 'write' on 'ledger' after it was closed
}

class WireLink {
public:
  void send(const std::string &msg) {
    if (fd_ < 0)
      throw std::logic_error("wire link closed");
    if (::write(fd_, msg.data(), msg.size()) < 0)
      throw std::runtime_error("wire link write failed");
  }
  void hello() { send("HELLO"); }
  void close() {
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_ = -1;
};

void wireAfterClose(WireLink &link) {
  link.close();
  link.send("late");
  // CHECK: [[@LINE-1]]:8: warning: call to 'send' on 'link' after it was closed
}

void pressBatch(CorpsPress &press, const std::string &chassis, bool cleaning) {
  if (cleaning)
    press.close();
  press.ensureOpen();
  press.load(chassis);
}

void endOfDay(CorpsPress &press, bool cleaning) {
  if (cleaning)
    press.close();
  press.logIdle(12);
  // CHECK: [[@LINE-1]]:9: warning: call to 'logIdle' on 'press' that may have been closed
}

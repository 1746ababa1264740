// A reopen that can fail (`connect()` returning false when the endpoint is
// unusable, true once it set the open state) opens only on the paths that
// return true: a caller that tests the result knows the object open, one
// that ignores it may send on a closed object. A public `reopen() {
// close(); return connect(); }` says the same through its result.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <stdexcept>
#include <string>

class UplinkConn {
public:
  bool send(const std::string &Frame) {
    if (!open_)
      throw std::runtime_error("uplink closed: " + Frame);
    return true;
  }
  void close() {
    if (!open_)
      return;
    open_ = false;
  }
  bool reopen() {
    close();
    return connect();
  }
  bool isOpen() const { return open_; }

private:
  bool connect() {
    if (endpoint_.empty())
      return false;
    open_ = true;
    return true;
  }
  std::string endpoint_;
  bool open_ = false;
};

// LIST-DAG: reopen  connect(){{.*}}on the paths that return true

void checkedReopen(UplinkConn &C) {
  if (!C.reopen())
    return;
  C.send("hello");
}

void checkedInCondition(UplinkConn &C) {
  C.close();
  if (C.reopen())
    C.send("hello");
}

void uncheckedReopen(UplinkConn &C) {
  C.reopen();
  C.send("hello");
  // CHECK: :[[@LINE-1]]:5: warning: call to 'send' on 'C' that may have been closed [errlint-use-after-close]
}

void failedReopen(UplinkConn &C) {
  if (C.reopen())
    return;
  C.send("hello");
  // CHECK: :[[@LINE-1]]:5: warning: call to 'send' on 'C' after it was closed [errlint-use-after-close]
}

// A descriptor class: open() returns true at once when already open (a
// test of the state it sets, not a failure) and false when ::open() fails;
// reopen() closes and returns what open() returned.
class TtyPort {
public:
  void write(const std::string &) {
    if (fd_ < 0)
      throw std::runtime_error("tty closed");
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("tty closed twice");
    fd_ = -1;
  }
  bool isOpen() const { return fd_ >= 0; }
  bool open() {
    if (fd_ >= 0)
      return true;
    int fd = acquire();
    if (fd < 0)
      return false;
    fd_ = fd;
    return true;
  }
  bool reopen() {
    if (fd_ >= 0)
      fd_ = -1;
    return open();
  }

private:
  static int acquire();
  int fd_ = -1;
};

// LIST-DAG: reopen  open(){{.*}}on the paths that return true
// LIST-DAG: reopen  reopen(){{.*}}then returns what 'open()' returns

void pollTty(TtyPort &T, int Rounds) {
  for (int I = 0; I < Rounds; ++I) {
    if (!T.isOpen() && !T.reopen())
      continue;
    T.write("STATUS");
  }
}

void reopenIgnored(TtyPort &T) {
  T.reopen();
  T.write("STATUS");
  // CHECK: :[[@LINE-1]]:5: warning: call to 'write' on 'T' that may have been closed [errlint-use-after-close]
}

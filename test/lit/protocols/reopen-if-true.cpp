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

// LIST: reopen  connect(){{.*}}on the paths that return true

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

// A use whose guard throws once the object is closed returns only while
// the object is open: the calls after it are not after the close, so a
// closed session gives one finding, not one per later call. A protocol
// whose uses report the closed object through their result instead
// (returning false) does not: its later calls run on the closed object.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class DbSession {
public:
  void sendPacket(const std::string &Payload) {
    if (fd_ < 0)
      throw std::runtime_error("db session closed");
    last_ = Payload;
  }
  std::string readPacket() {
    if (fd_ < 0)
      throw std::runtime_error("db session closed");
    return last_;
  }
  void close() { fd_ = -1; }

private:
  int fd_ = 3;
  std::string last_;
};

std::string rejected(DbSession &S, bool Reject) {
  if (Reject)
    S.close();
  // CHECK: use-throws.cpp:[[@LINE+1]]:5: warning: call to 'sendPacket' on 'S' that may have been closed
  S.sendPacket("QUERY");
  return S.readPacket();
}

class Mailbox {
public:
  bool post(const std::string &Msg) {
    if (closed_)
      return false;
    last_ = Msg;
    return true;
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  std::string last_;
};

void postTwice(Mailbox &M) {
  M.close();
  // CHECK: use-throws.cpp:[[@LINE+1]]:5: warning: call to 'post' on 'M' after it was closed
  M.post("one");
  // CHECK: use-throws.cpp:[[@LINE+1]]:5: warning: call to 'post' on 'M' after it was closed
  M.post("two");
}

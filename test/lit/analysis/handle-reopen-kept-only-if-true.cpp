// A reopen() that closes the old descriptor, takes a new one on every path,
// and lets go of it (`fd_ = -1;`) in each failure before returning false:
// open where it returns true, closed where it returns false. A send after a
// true result is fine; one after a false result (or an ignored one) fails.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class GateLink {
public:
  bool reopen(const sockaddr_in &addr);
  void send(const std::string &line);
  void stop();

private:
  int fd_ = -1;
};

bool GateLink::reopen(const sockaddr_in &addr) {
  stop();
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0)
    return false;
  if (::connect(fd_, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd_);
    fd_ = -1;
    return false;
  }
  return true;
}

void GateLink::send(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("gate link closed");
  (void)::write(fd_, line.data(), line.size());
}

void GateLink::stop() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

bool openGate(GateLink &link, const sockaddr_in &purser) {
  if (!link.reopen(purser))
    return false;
  link.send("GATE-OPEN");
  return true;
}

void shiftChange(GateLink &link, const sockaddr_in &purser) {
  if (!link.reopen(purser)) {
    // CHECK: :[[@LINE+1]]:10: warning: call to 'send' on 'link' that may have been closed
    link.send("SHIFT-FAILED");
    return;
  }
  link.send("SHIFT");
}

void careless(GateLink &link, const sockaddr_in &purser) {
  link.reopen(purser);
  // CHECK: :[[@LINE+1]]:8: warning: call to 'send' on 'link' that may have been closed
  link.send("HELLO");
}

// A reopen that takes a new handle only where it returns a successful
// Status (`fd_ = fd; return Status::ok();`, every failure returning an
// error first) leaves a closed feed closed where the Status says it
// failed: a send after `if (!st.ok()) log(...)` may be on the closed feed,
// one after `if (!st.ok()) return st;` is on the reopened one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class Status {
public:
  static Status ok() { return Status(0, ""); }
  static Status error(std::string m) { return Status(1, std::move(m)); }
  bool isOk() const { return code_ == 0; }
  const std::string &message() const { return message_; }

private:
  Status(int code, std::string m) : code_(code), message_(std::move(m)) {}
  int code_;
  std::string message_;
};

class Feed {
public:
  Status connect() {
    if (fd_ >= 0)
      return Status::ok();
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
      return Status::error("socket");
    if (::connect(fd, nullptr, 0) == 0) {
      fd_ = fd;
      return Status::ok();
    }
    ::close(fd);
    return Status::error("unreachable");
  }
  void send(const std::string &m) {
    if (fd_ < 0)
      throw std::runtime_error("feed disconnected");
    ::write(fd_, m.data(), m.size());
  }
  void disconnect() {
    if (fd_ < 0)
      throw std::logic_error("feed already disconnected");
    ::close(fd_);
    fd_ = -1;
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

void resync(Feed &feed) {
  feed.disconnect();
  Status st = feed.connect();
  if (!st.isOk())
    std::fprintf(stderr, "resync: %s\n", st.message().c_str());
  feed.send("RESYNC");
  // CHECK: reopen-if-verdict.cpp:[[@LINE-1]]:8: warning: call to 'send' on 'feed' that may have been closed
}

Status resyncChecked(Feed &feed) {
  feed.disconnect();
  Status st = feed.connect();
  if (!st.isOk())
    return st;
  feed.send("RESYNC");
  return Status::ok();
}

void redial(Feed &feed) {
  feed.disconnect();
  if (feed.connect().isOk())
    feed.send("HELLO");
}

// A helper whose own use follows its successful reopen uses the reopened
// feed, not the one its caller left closed: calling it again is quiet.
Status roll(Feed &feed) {
  if (feed.isOpen())
    feed.disconnect();
  Status st = feed.connect();
  if (!st.isOk())
    return st;
  feed.send("ROLL");
  return st;
}

void rolls(Feed &feed, int n) {
  feed.disconnect();
  for (int i = 0; i < n; ++i)
    roll(feed);
}

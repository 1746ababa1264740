// Hospital pharmacy robot: dispensing orders go to the picking robot over a TCP
// socket. pushOrder() closes the socket itself when the write comes up short and
// returns -1; dispense() closes it again on that error. awaitAck() closes on a
// timeout and returns -ETIMEDOUT, which restock() handles by forgetting the
// descriptor; openDrawer() closes and calls a [[noreturn]] fatal().
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

struct DispenseOrder {
  std::string ndc;
  int quantity;
  int ward;
};

static int pushOrder(int fd, const DispenseOrder &o) {
  const std::string line = o.ndc + "," + std::to_string(o.quantity) + "," + std::to_string(o.ward) + "\n";
  const ssize_t n = ::send(fd, line.data(), line.size(), MSG_NOSIGNAL);
  if (n != static_cast<ssize_t>(line.size())) {
    ::close(fd);
    return -1;
  }
  return 0;
}

static int awaitAck(int fd, int timeoutMs) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, timeoutMs) <= 0) {
    ::close(fd);
    return -ETIMEDOUT;
  }
  char ack = 0;
  return ::recv(fd, &ack, 1, 0) == 1 && ack == 'K' ? 0 : -EPROTO;
}

[[noreturn]] static void fatal(const char *what) {
  std::fprintf(stderr, "pharmacy robot: %s\n", what);
  std::abort();
}

class RobotDispenser {
public:
  explicit RobotDispenser(int fd) : fd_(fd) {}
  ~RobotDispenser();
  bool dispense(const DispenseOrder &o);
  bool restock(const std::string &ndc, int quantity);
  void openDrawer(int drawer);

private:
  int fd_;
};

RobotDispenser::~RobotDispenser() {
  if (fd_ >= 0)
    ::close(fd_); // OK: every path that closed the socket set fd_ to -1
}

bool RobotDispenser::dispense(const DispenseOrder &o) {
  if (fd_ < 0)
    return false;
  if (pushOrder(fd_, o) < 0) {
    ::close(fd_); // BUG: double-close
    fd_ = -1;
    return false;
  }
  const int rc = awaitAck(fd_, 2000);
  if (rc == -ETIMEDOUT)
    fd_ = -1;
  return rc == 0;
}

bool RobotDispenser::restock(const std::string &ndc, int quantity) {
  if (fd_ < 0)
    return false;
  const std::string line = "RESTOCK," + ndc + "," + std::to_string(quantity) + "\n";
  ::send(fd_, line.data(), line.size(), MSG_NOSIGNAL);
  const int rc = awaitAck(fd_, 5000);
  if (rc == -ETIMEDOUT) {
    fd_ = -1;
    return false;
  }
  ::send(fd_, "COUNT\n", 6, MSG_NOSIGNAL); // OK: the timeout path (the only one that closes) returned
  return rc == 0;
}

void RobotDispenser::openDrawer(int drawer) {
  const std::string cmd = "DRAWER," + std::to_string(drawer) + "\n";
  if (::send(fd_, cmd.data(), cmd.size(), MSG_NOSIGNAL) < 0) {
    ::close(fd_);
    fatal("drawer command failed");
  }
  ::send(fd_, "LOCK\n", 5, MSG_NOSIGNAL); // OK: the close path ends in [[noreturn]] fatal()
}

int main() {
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0)
    return 1;
  RobotDispenser robot(pair[0]);
  ::send(pair[1], "KK", 2, 0);
  robot.openDrawer(4);
  robot.restock("0002-8215-01", 40);
  robot.dispense({"0409-4888-02", 2, 7});
  ::close(pair[1]);
  robot.dispense({"0074-3368-13", 1, 3});
  return 0;
}

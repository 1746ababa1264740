// Uplink of a sundial calibration station: shadow-angle readings are sent to
// the survey office over TCP. Closes are retried only when the previous close
// failed with EINTR (close_uplink(), flush_and_close()). Two mistakes:
// drop_socket() loops on errno alone, and errno is stale after a successful
// close, so it can close the descriptor again; Uplink::reconnect() closes the
// old socket and, when dialing fails, leaves the closed number in fd_, so the
// next send_frame() round writes to it and closes it again, and so does the
// destructor.
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

struct Endpoint {
  in_addr_t ip;
  uint16_t port;
};

static int dial(const Endpoint &ep) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = ep.ip;
  sa.sin_port = htons(ep.port);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&sa), sizeof sa) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

static int push(int fd, const std::string &frame) {
  ssize_t n = ::send(fd, frame.data(), frame.size(), MSG_NOSIGNAL); // SAME: push
  return n == static_cast<ssize_t>(frame.size()) ? 0 : -1;
}

// Closes once, and once more only when the first close was interrupted.
static int close_uplink(int fd) {
  int rc = ::close(fd);
  if (rc == -1 && errno == EINTR)
    rc = ::close(fd); // OK: previous close failed
  return rc;
}

int flush_and_close(int fd) {
  ::shutdown(fd, SHUT_WR);
  int rc;
  int tries = 0;
  do {
    rc = ::close(fd); // OK: previous close failed (loop repeats only on rc == -1)
  } while (rc == -1 && errno == EINTR && ++tries < 3);
  return rc;
}

void drop_socket(int fd) {
  int attempts = 0;
  do {
    ::close(fd); // BUG: double-close
  } while (++attempts < 3 && errno == EINTR);
}

int send_once(const Endpoint &ep, const std::string &frame) {
  int sock = dial(ep);
  if (sock < 0)
    return -1;
  int rc = push(sock, frame); // OK: freshly dialed
  if (close_uplink(sock) != 0)
    return -1;
  return rc;
}

class Uplink {
public:
  explicit Uplink(Endpoint ep) : ep_(ep), fd_(dial(ep)) {}
  ~Uplink() {
    if (fd_ >= 0)
      ::close(fd_); // BUG: double-close
  }
  int send_frame(const std::string &frame);

private:
  int reconnect();
  Endpoint ep_;
  int fd_;
};

int Uplink::reconnect() {
  if (fd_ >= 0)
    ::close(fd_); // BUG: double-close
  int fresh = dial(ep_);
  if (fresh < 0)
    return -1;
  fd_ = fresh;
  return 0;
}

int Uplink::send_frame(const std::string &frame) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (fd_ >= 0 && push(fd_, frame) == 0) // BUG: use-after-close #push
      return 0;
    if (reconnect() != 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(200 << attempt));
  }
  return -1;
}

// Wharf crane telemetry: connects to the harbour master's collector over TCP,
// streams the spreader's load-cell samples for one shift as text lines, sends
// an END trailer with the sample count, and waits for the collector's ack.
#include <cerrno>
#include <cstdio>
#include <netdb.h>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

struct LoadSample {
  long epoch_ms;
  int crane_id;
  double tonnes;
  bool twistlocks_engaged;
};

class SampleSource {
public:
  virtual ~SampleSource() = default;
  virtual bool next(LoadSample &out) = 0;
};

static int connect_collector(const char *host, const char *port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  if (::getaddrinfo(host, port, &hints, &res) != 0)
    return -1;
  int fd = -1;
  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0)
      continue;
    timeval tv{5, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
      break;
    ::close(fd); // OK
    fd = -1;
  }
  ::freeaddrinfo(res);
  return fd;
}

static bool send_all(int fd, const std::string &data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    off += static_cast<size_t>(n);
  }
  return true;
}

static std::string format_sample(const LoadSample &s) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%ld,%d,%.2f,%d\n", s.epoch_ms, s.crane_id,
                s.tonnes, s.twistlocks_engaged ? 1 : 0);
  return buf;
}

static bool wait_ack(int fd, int timeout_ms) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, timeout_ms) != 1)
    return false;
  char buf[8] = {};
  ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);
  return n >= 2 && buf[0] == 'O' && buf[1] == 'K';
}

int stream_shift(const char *host, const char *port, SampleSource &src) {
  int fd = connect_collector(host, port);
  if (fd < 0)
    return -1;

  int sent = 0;
  LoadSample s{};
  while (src.next(s)) {
    if (s.tonnes < 0.0)
      continue;
    if (!send_all(fd, format_sample(s))) {
      std::fprintf(stderr, "crane %d: collector dropped after %d samples\n",
                   s.crane_id, sent);
      ::close(fd);
      sent = -1;
      break;
    }
    ++sent;
  }

  if (sent >= 0) {
    if (!send_all(fd, "END " + std::to_string(sent) + "\n") || // OK
        !wait_ack(fd, 3000)) // OK
      sent = -1;
  }
  ::close(fd); // BUG: double-close
  return sent;
}

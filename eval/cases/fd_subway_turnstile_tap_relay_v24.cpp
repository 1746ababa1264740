// Subway turnstile controller: reads card-tap frames from the fare reader's
// serial line and relays them, one text line per tap, to the station fare
// server over TCP. The reader can be unplugged by maintenance staff; the
// server connection is redialled when a send fails.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netdb.h>
#include <string>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>
#include <utility>

struct TapFrame {
  unsigned char cardId[8];
  unsigned char gate;
  unsigned char direction;
  unsigned short fareZone;
};

namespace {

int dialFareServer(const std::string &host, const std::string &port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  if (::getaddrinfo(host.c_str(), port.c_str(), &hints, &res) != 0)
    return -1;
  int fd = -1;
  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0)
      continue;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
      break;
    ::close(fd); // OK
    fd = -1;
  }
  ::freeaddrinfo(res);
  return fd;
}

bool sendLine(int fd, const std::string &line) {
  size_t off = 0;
  while (off < line.size()) {
    ssize_t n = ::send(fd, line.data() + off, line.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

std::string formatTap(const TapFrame &f) {
  char card[17];
  for (int i = 0; i < 8; ++i)
    std::snprintf(card + 2 * i, 3, "%02x", f.cardId[i]);
  char buf[96];
  std::snprintf(buf, sizeof buf, "TAP %s gate=%u dir=%c zone=%u\n", card,
                f.gate, f.direction ? 'O' : 'I', f.fareZone);
  return buf;
}

} // namespace

class TapRelay {
public:
  TapRelay(int readerFd, std::string host, std::string port)
      : readerFd_(readerFd), host_(std::move(host)), port_(std::move(port)) {}

  bool connect();
  void pumpOnce();
  void shutdownAll();
  bool readerOnline() const { return readerOnline_; }

private:
  int readerFd_;
  int serverFd_ = -1;
  bool readerOnline_ = true;
  std::string host_, port_;
  unsigned dropped_ = 0;
};

bool TapRelay::connect() {
  serverFd_ = dialFareServer(host_, port_);
  return serverFd_ >= 0;
}

void TapRelay::pumpOnce() {
  if (!readerOnline_)
    return;
  TapFrame frame;
  ssize_t n = ::read(readerFd_, &frame, sizeof frame);
  if (n < 0) {
    if (errno != EINTR && errno != EAGAIN)
      std::perror("fare reader");
    return;
  }
  if (n == 0) {
    ::close(readerFd_);
    readerOnline_ = false;
    if (serverFd_ >= 0)
      sendLine(serverFd_, "STATUS reader-offline\n");
    return;
  }
  if (static_cast<size_t>(n) != sizeof frame)
    return;

  if (serverFd_ < 0 && !connect()) {
    ++dropped_;
    return;
  }
  if (!sendLine(serverFd_, formatTap(frame))) {
    ::close(serverFd_);
    serverFd_ = -1;
    ++dropped_;
    if (connect())
      sendLine(serverFd_, formatTap(frame)); // OK
  }
}

void TapRelay::shutdownAll() {
  if (serverFd_ >= 0) {
    char summary[48];
    std::snprintf(summary, sizeof summary, "BYE dropped=%u\n", dropped_);
    sendLine(serverFd_, summary);
    ::close(serverFd_); // OK
    serverFd_ = -1;
  }
  ::close(readerFd_); // BUG: double-close
  readerOnline_ = false;
}

// Lap-timing relay for a velodrome: reads transponder frames from the timing
// loop's serial port, turns them into lap lines and writes them to the
// infield scoreboard over TCP. A broken scoreboard connection is dropped and
// re-dialled; a race session opens the relay, polls it for the laps of the
// race and shuts it down at the end.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

namespace {

int dialScoreboard(const char *ip, int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  if (::inet_pton(AF_INET, ip, &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

class LapRelay {
public:
  LapRelay() = default;
  ~LapRelay();
  LapRelay(const LapRelay &) = delete;
  LapRelay &operator=(const LapRelay &) = delete;

  bool open(const char *serialDev, const char *boardIp, int boardPort);
  bool pollOnce();
  void shutdown();
  int laps() const { return laps_; }

private:
  void publish(const std::string &line);

  int serialFd_ = -1;
  int boardFd_ = -1;
  std::string boardIp_;
  int boardPort_ = 0;
  int laps_ = 0;
};

bool LapRelay::open(const char *serialDev, const char *boardIp, int boardPort) {
  serialFd_ = ::open(serialDev, O_RDONLY | O_NOCTTY);
  if (serialFd_ < 0)
    return false;
  boardIp_ = boardIp;
  boardPort_ = boardPort;
  boardFd_ = dialScoreboard(boardIp, boardPort);
  if (boardFd_ < 0) {
    ::close(serialFd_);
    serialFd_ = -1;
    return false;
  }
  return true;
}

bool LapRelay::pollOnce() {
  char frame[32];
  ssize_t n = ::read(serialFd_, frame, sizeof frame - 1); // OK
  if (n <= 0)
    return false;
  frame[n] = '\0';
  unsigned transponder = 0;
  unsigned millis = 0;
  if (std::sscanf(frame, "T%u %u", &transponder, &millis) != 2)
    return true;
  ++laps_;
  char line[64];
  std::snprintf(line, sizeof line, "LAP %u %u.%03u\n", transponder,
                millis / 1000, millis % 1000);
  publish(line);
  return true;
}

void LapRelay::publish(const std::string &line) {
  if (boardFd_ < 0)
    boardFd_ = dialScoreboard(boardIp_.c_str(), boardPort_);
  if (boardFd_ < 0)
    return;
  if (::send(boardFd_, line.data(), line.size(), MSG_NOSIGNAL) < 0) {
    std::fprintf(stderr, "scoreboard: %s, redialling\n", std::strerror(errno));
    ::close(boardFd_);
    boardFd_ = dialScoreboard(boardIp_.c_str(), boardPort_);
    if (boardFd_ >= 0)
      ::send(boardFd_, line.data(), line.size(), MSG_NOSIGNAL); // OK
  }
}

void LapRelay::shutdown() {
  if (boardFd_ >= 0) {
    const char bye[] = "END\n";
    ::send(boardFd_, bye, sizeof bye - 1, MSG_NOSIGNAL); // OK
    ::close(boardFd_);
  }
  if (serialFd_ >= 0)
    ::close(serialFd_);
}

LapRelay::~LapRelay() {
  if (serialFd_ >= 0)
    ::close(serialFd_); // BUG: double-close
  if (boardFd_ >= 0)
    ::close(boardFd_); // BUG: double-close
}

} // namespace

int runRaceSession(const char *serialDev, const char *boardIp, int boardPort,
                   int raceLaps, int riders) {
  LapRelay relay;
  if (!relay.open(serialDev, boardIp, boardPort))
    return -1;
  const int expected = raceLaps * riders;
  while (relay.laps() < expected) {
    if (!relay.pollOnce())
      break;
  }
  relay.shutdown();
  return relay.laps();
}

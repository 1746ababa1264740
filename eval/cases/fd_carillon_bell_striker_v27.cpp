// Carillon console link. The console talks to the bell striker daemon over a
// UNIX stream socket: strike commands are "S <bell> <velocity>\n", and a
// heartbeat thread sends "H\n" every 200 ms so that the daemon damps all bells
// if the console dies. ringTestPeal() is the maintenance tool's one-shot
// client that rings a descending scale on a separate connection.
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <utility>
#include <unistd.h>
#include <vector>

static int connectStriker(const char *path) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, path, sizeof addr.sun_path - 1);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

class StrikerLink {
public:
  bool start(const char *path);
  bool strike(int bell, int velocity);
  void stop();

private:
  void heartbeatLoop();

  int sock_ = -1;
  std::atomic<bool> running_{false};
  std::thread heartbeat_;
};

bool StrikerLink::start(const char *path) {
  sock_ = connectStriker(path);
  if (sock_ < 0)
    return false;
  running_ = true;
  heartbeat_ = std::thread(&StrikerLink::heartbeatLoop, this);
  return true;
}

void StrikerLink::heartbeatLoop() {
  while (running_.load()) {
    if (::send(sock_, "H\n", 2, MSG_NOSIGNAL) != 2) // BUG: use-after-close #heartbeat
      std::fprintf(stderr, "heartbeat send failed: %s\n", std::strerror(errno));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

bool StrikerLink::strike(int bell, int velocity) {
  if (!running_.load())
    return false;
  char cmd[32];
  int len = std::snprintf(cmd, sizeof cmd, "S %d %d\n", bell, velocity);
  return ::send(sock_, cmd, static_cast<size_t>(len), MSG_NOSIGNAL) == len; // OK
}

void StrikerLink::stop() {
  if (!running_.exchange(false))
    return;
  ::shutdown(sock_, SHUT_RDWR);
  ::close(sock_); // SAME: heartbeat
  heartbeat_.join();
  sock_ = -1;
}

int ringTestPeal(const char *path, int bells) {
  int fd = connectStriker(path);
  if (fd < 0)
    return -1;
  int failures = 0;
  for (int bell = bells; bell >= 1; --bell) {
    char cmd[32];
    int len = std::snprintf(cmd, sizeof cmd, "S %d 90\n", bell);
    if (::send(fd, cmd, static_cast<size_t>(len), MSG_NOSIGNAL) != len) { // BUG: use-after-close
      std::fprintf(stderr, "bell %d: %s\n", bell, std::strerror(errno));
      ::close(fd); // BUG: double-close
      ++failures;
      continue;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(350));
  }
  if (failures == 0)
    ::close(fd); // OK
  return failures;
}

int playService(const char *path, const std::vector<std::pair<int, int>> &score) {
  StrikerLink link;
  if (!link.start(path))
    return 1;
  for (const auto &note : score) {
    if (!link.strike(note.first, note.second))
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(note.second > 100 ? 600 : 300));
  }
  link.stop();
  link.stop(); // OK
  return 0;
}

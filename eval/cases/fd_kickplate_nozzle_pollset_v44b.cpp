// Docking-bay monitor of an ice-resurfacing fleet. Each bay's wash-water
// nozzle controller is a serial descriptor registered (one-shot) with a single
// epoll instance; a separate poll() loop watches the kickplate heater's control
// and alarm lines, where a closed line is set to -1, which poll() skips.
// Bugs: hangup() closes a bay before removing it from the epoll set
// (epoll_ctl() on a closed descriptor fails with EBADF, or hits whatever file
// reused the number), and pump() re-arms a bay that drainBay() has just closed
// on a read error.
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <map>
#include <poll.h>
#include <string>
#include <sys/epoll.h>
#include <unistd.h>

namespace rinkdock {

class BayMonitor {
public:
  BayMonitor() : epfd_(::epoll_create1(EPOLL_CLOEXEC)) {}
  ~BayMonitor() {
    for (const auto &bay : bays_)
      ::close(bay.first); // OK: hangup() and detach() erased the bays they closed
    if (epfd_ >= 0)
      ::close(epfd_);
  }

  bool attach(int fd, std::string name) {
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP | EPOLLONESHOT;
    ev.data.fd = fd;
    if (::epoll_ctl(epfd_, EPOLL_CTL_ADD, fd, &ev) != 0)
      return false;
    bays_.emplace(fd, std::move(name));
    return true;
  }

  void pump(int timeoutMs) {
    epoll_event events[16];
    int n = ::epoll_wait(epfd_, events, 16, timeoutMs);
    for (int i = 0; i < n; ++i) {
      int fd = events[i].data.fd;
      if (events[i].events & (EPOLLHUP | EPOLLRDHUP)) {
        hangup(fd);
        continue;
      }
      if (events[i].events & EPOLLERR) {
        detach(fd);
        continue;
      }
      drainBay(fd);
      rearm(fd); // BUG: use-after-close #rearm
    }
  }

private:
  void rearm(int fd) {
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP | EPOLLONESHOT;
    ev.data.fd = fd;
    ::epoll_ctl(epfd_, EPOLL_CTL_MOD, fd, &ev); // SAME: rearm
  }

  void detach(int fd) {
    ::epoll_ctl(epfd_, EPOLL_CTL_DEL, fd, nullptr);
    ::close(fd);
    bays_.erase(fd);
  }

  void hangup(int fd) {
    ::close(fd);
    ::epoll_ctl(epfd_, EPOLL_CTL_DEL, fd, nullptr); // BUG: use-after-close
    bays_.erase(fd);
  }

  // Reads the nozzle controller's status frames; a dead line is detached.
  bool drainBay(int fd) {
    char frame[256];
    for (;;) {
      ssize_t got = ::read(fd, frame, sizeof frame);
      if (got > 0) {
        lastFrameBytes_ = static_cast<size_t>(got);
        continue;
      }
      if (got < 0 && (errno == EAGAIN || errno == EINTR))
        return true;
      detach(fd);
      return false;
    }
  }

  int epfd_;
  std::map<int, std::string> bays_;
  size_t lastFrameBytes_ = 0;
};

struct HeaterLines {
  int controlFd = -1;
  int alarmFd = -1;
};

static void readHeaterFrame(int fd) {
  char frame[64];
  ssize_t got = ::read(fd, frame, sizeof frame);
  (void)got;
}

void watchKickplateHeater(HeaterLines &lines, const std::atomic<bool> &running) {
  while (running.load()) {
    pollfd slots[2] = {{lines.controlFd, POLLIN, 0}, {lines.alarmFd, POLLIN, 0}};
    if (::poll(slots, 2, 500) <= 0) // OK: a closed line is -1 and poll() ignores it
      continue;
    if (slots[1].revents & (POLLHUP | POLLERR)) {
      ::close(lines.alarmFd);
      lines.alarmFd = -1;
    }
    if (slots[0].revents & POLLIN)
      readHeaterFrame(lines.controlFd);
    if (slots[0].revents & (POLLHUP | POLLERR)) {
      ::close(lines.controlFd);
      lines.controlFd = -1;
      return;
    }
  }
}

} // namespace rinkdock

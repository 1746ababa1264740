// Graticule plotting on a networked pen plotter (HP-GL over TCP). A write that fails with
// EINTR is simply repeated; on EPIPE the socket is closed and the plotter reconnected.
// PlotterLink::send() takes the new descriptor only when reconnecting succeeds and
// marks the link down (-1) otherwise. plotSheet() in the older batch tool keeps writing
// with the descriptor it closed whenever connectPlotter() fails, and the write error
// that follows takes it to the give-up path, which closes that descriptor again.
// closeSocket() calls close() a second time only when the first call reported EINTR.
// The tool is single-threaded, so no other open() can reuse the number between the
// two calls: on Linux, where the descriptor is released even after EINTR, the retry
// only gets EBADF; on systems that keep it open after EINTR, the retry is what
// releases it. That retry is correct.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>
#include <vector>

static int connectPlotter(const char *ip, unsigned short port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, ip, &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

static void closeSocket(int fd) {
  int rc = ::close(fd); // SAME: plot-giveup
  if (rc == -1 && errno == EINTR)
    rc = ::close(fd); // OK
  if (rc == -1 && errno != EBADF)
    std::perror("closing plotter socket");
}

static bool writeAll(int fd, const std::string &cmd) {
  std::size_t off = 0;
  while (off < cmd.size()) {
    ssize_t n = ::send(fd, cmd.data() + off, cmd.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

class PlotterLink {
public:
  PlotterLink(std::string ip, unsigned short port) : ip_(std::move(ip)), port_(port) {}
  ~PlotterLink() {
    if (fd_ >= 0)
      closeSocket(fd_);
  }
  PlotterLink(const PlotterLink &) = delete;
  PlotterLink &operator=(const PlotterLink &) = delete;

  bool send(const std::string &cmd) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (fd_ < 0 && (fd_ = connectPlotter(ip_.c_str(), port_)) < 0)
        return false;
      if (writeAll(fd_, cmd)) // OK
        return true;
      closeSocket(std::exchange(fd_, -1));
    }
    return false;
  }

private:
  std::string ip_;
  unsigned short port_;
  int fd_ = -1;
};

bool plotSheet(const char *ip, const std::vector<std::string> &hpgl) {
  int fd = connectPlotter(ip, 9100);
  if (fd < 0)
    return false;
  for (const std::string &cmd : hpgl) {
    std::size_t off = 0;
    int reconnects = 0;
    while (off < cmd.size()) {
      ssize_t n = ::send(fd, cmd.data() + off, cmd.size() - off, MSG_NOSIGNAL); // BUG: use-after-close
      if (n >= 0) {
        off += static_cast<std::size_t>(n);
        continue;
      }
      if (errno == EINTR)
        continue;
      if (errno == EPIPE && ++reconnects < 3) {
        closeSocket(fd);
        const int again = connectPlotter(ip, 9100);
        if (again >= 0) {
          fd = again;
          off = 0;
        }
        continue;
      }
      closeSocket(fd); // BUG: double-close #plot-giveup
      return false;
    }
  }
  closeSocket(fd);
  return true;
}

bool plotGraticule(PlotterLink &link, double lonStep, double latStep) {
  for (double lon = -180.0; lon <= 180.0; lon += lonStep) {
    char cmd[64];
    std::snprintf(cmd, sizeof cmd, "PU%.1f,-90;PD%.1f,90;", lon, lon);
    if (!link.send(cmd))
      return false;
  }
  for (double lat = -90.0; lat <= 90.0; lat += latStep) {
    char cmd[64];
    std::snprintf(cmd, sizeof cmd, "PU-180,%.1f;PD180,%.1f;", lat, lat);
    if (!link.send(cmd))
      return false;
  }
  return link.send("SP0;");
}

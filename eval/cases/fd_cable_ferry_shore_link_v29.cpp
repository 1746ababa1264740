// Cable ferry winch controller: keeps a TCP link to the shore station, reports the
// carriage position after every crossing and runs a heartbeat on the same socket. The
// heartbeat is handed its own copy of the link descriptor when the link is (re)made.
#include <arpa/inet.h>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

struct ShoreLink {
  int fd = -1;
  std::string host;
  unsigned short port = 0;
};

static ShoreLink connect_shore(const std::string &host, unsigned short port) {
  ShoreLink link;
  link.host = host;
  link.port = port;
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return link;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return link;
  }
  link.fd = fd;
  return link;
}

static bool send_line(const ShoreLink &link, const std::string &text) {
  std::string l = text + "\n";
  return ::send(link.fd, l.data(), l.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(l.size()); // SAME: bye
}

static void close_link(ShoreLink &link) {
  if (link.fd >= 0) {
    ::close(link.fd); // SAME: shore_twice
    link.fd = -1;
  }
}

class Heartbeat {
public:
  void attach(ShoreLink link) { link_ = link; }
  void beat() {
    if (link_.fd >= 0 && !send_line(link_, "HB"))
      ++missed_;
  }
  void stop() { close_link(link_); }
  int missed() const { return missed_; }

private:
  ShoreLink link_;
  int missed_ = 0;
};

class WinchController {
public:
  bool start(const std::string &host, unsigned short port);
  bool reconnect();
  void crossing_done(int carriage_mm, bool north_bank);
  void shutdown();

private:
  ShoreLink shore_;
  Heartbeat heartbeat_;
  int crossings_ = 0;
};

bool WinchController::start(const std::string &host, unsigned short port) {
  shore_ = connect_shore(host, port);
  if (shore_.fd < 0)
    return false;
  heartbeat_.attach(shore_);
  return send_line(shore_, "HELLO winch");
}

bool WinchController::reconnect() {
  heartbeat_.stop();
  shore_.fd = -1;
  shore_ = connect_shore(shore_.host, shore_.port);
  if (shore_.fd < 0)
    return false;
  heartbeat_.attach(shore_);
  if (!send_line(shore_, "HELLO winch again")) // OK
    return false;
  heartbeat_.beat(); // OK
  return true;
}

void WinchController::crossing_done(int carriage_mm, bool north_bank) {
  ++crossings_;
  if (shore_.fd < 0)
    return;
  char msg[64];
  std::snprintf(msg, sizeof msg, "XING %d %s %d", crossings_, north_bank ? "N" : "S", carriage_mm);
  if (!send_line(shore_, msg) && !reconnect())
    std::fprintf(stderr, "shore link down after crossing %d\n", crossings_);
  heartbeat_.beat(); // OK
}

void WinchController::shutdown() {
  heartbeat_.stop();
  if (shore_.fd < 0)
    return;
  send_line(shore_, "BYE crossings=" + std::to_string(crossings_)); // BUG: use-after-close #bye
  close_link(shore_); // BUG: double-close #shore_twice
}

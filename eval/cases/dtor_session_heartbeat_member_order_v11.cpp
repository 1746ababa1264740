// A client session owns a socket Link and a Heartbeat that says "BYE" over the
// link when it is destroyed. ~Session() sends QUIT and closes the link in its
// body, but member destructors run after the destructor body, so ~Heartbeat()
// of the hb_ member then sends BYE on the link the body already closed
// (sendFrame() refuses with EBADF). Link's own destructor calling close() again
// is harmless: close() is a no-op once fd_ is -1.
#include <cerrno>
#include <cstdio>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class Link {
public:
  explicit Link(int fd) : fd_(fd) {}
  ~Link() { close(); } // OK: close() returns early when fd_ is already -1
  Link(const Link &) = delete;
  Link &operator=(const Link &) = delete;

  bool sendFrame(const std::string &frame) {
    if (fd_ < 0) {
      errno = EBADF;
      std::fprintf(stderr, "link: send on closed link: %s", frame.c_str());
      return false;
    }
    return ::send(fd_, frame.data(), frame.size(), MSG_NOSIGNAL) ==
           static_cast<ssize_t>(frame.size());
  }

  void close() {
    if (fd_ < 0)
      return;
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class Heartbeat {
public:
  explicit Heartbeat(Link &link) : link_(link) {}
  ~Heartbeat() {
    if (!link_.sendFrame("BYE\n")) // BUG: use-after-close
      std::fprintf(stderr, "heartbeat: goodbye not delivered after %d pings\n", pings_);
  }
  void tick() {
    if (link_.sendFrame("PING\n"))
      ++pings_;
  }

private:
  Link &link_;
  int pings_ = 0;
};

class Session {
public:
  explicit Session(int fd) : link_(fd), hb_(link_) {}
  ~Session() {
    link_.sendFrame("QUIT\n"); // OK: the body runs before any member is destroyed
    link_.close();
  }

  void poll() { hb_.tick(); }
  bool request(const std::string &line) { return link_.sendFrame(line + "\n"); }

private:
  Link link_;   // destroyed last
  Heartbeat hb_; // destroyed first, after ~Session()'s body
};

int runSession(int connectedFd, int rounds) {
  Session session(connectedFd);
  for (int i = 0; i < rounds; ++i) {
    session.poll();
    if (!session.request("STATUS"))
      return 1;
  }
  return 0;
}

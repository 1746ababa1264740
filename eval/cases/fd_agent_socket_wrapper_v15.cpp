// Cluster agent connections. Socket owns one descriptor: its destructor and
// close() close it (close() resets fd_ to -1, so a later close() or the
// destructor does nothing); move assignment closes the descriptor the target
// held before taking the new one; release() gives the descriptor up without
// closing it. Agent keeps a control socket to the coordinator and an upstream
// socket to the metrics relay.
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

class Socket {
public:
  Socket() = default;
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket() { close(); }
  Socket(Socket &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Socket &operator=(Socket &&other) noexcept;
  Socket(const Socket &) = delete;
  Socket &operator=(const Socket &) = delete;

  int fd() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void close();
  bool sendAll(const std::string &data);

private:
  int fd_ = -1;
};

Socket &Socket::operator=(Socket &&other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

void Socket::close() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

bool Socket::sendAll(const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::send(fd_, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n <= 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

class Agent {
public:
  Agent(int controlFd, int upstreamFd) : control_(controlFd), upstream_(upstreamFd) {}
  void announce(const std::string &nodeId);
  void reconnectUpstream(int newFd);
  void swapUpstream(int newFd);
  void shutdownUpstream();
  void leave();

private:
  Socket control_;
  Socket upstream_;
};

// Sends the announcement through a duplicate so the probe socket can be
// closed independently of the control connection.
void Agent::announce(const std::string &nodeId) {
  {
    Socket probe(::dup(control_.fd()));
    probe.sendAll("HELLO " + nodeId + "\n");
  }
  control_.sendAll("READY\n"); // OK: the probe closed its own dup()'d descriptor
}

void Agent::reconnectUpstream(int newFd) {
  int old = upstream_.fd();
  upstream_ = Socket(newFd);
  ::close(old); // BUG: double-close
}

void Agent::swapUpstream(int newFd) {
  int old = upstream_.release();
  upstream_ = Socket(newFd);
  ::close(old); // OK: release() gave up the old descriptor before the assignment
}

// Half-closes the upstream connection and waits for the relay to finish.
void Agent::shutdownUpstream() {
  const int fd = upstream_.fd();
  ::shutdown(fd, SHUT_WR);
  upstream_.close();
  char buf[256];
  while (::recv(fd, buf, sizeof buf, 0) > 0) { // BUG: use-after-close
  }
}

void Agent::leave() {
  control_.sendAll("BYE\n");
  control_.close();
  upstream_.close(); // OK: close() is a no-op when fd_ is already -1
}

void runAgent(int controlFd, int upstreamFd, int replacementFd) {
  Agent agent(controlFd, upstreamFd);
  agent.announce("node-17");
  agent.swapUpstream(replacementFd);
  agent.shutdownUpstream();
  agent.leave();
}

void failOverRelay(int controlFd, int upstreamFd, int backupRelayFd) {
  Agent agent(controlFd, upstreamFd);
  agent.reconnectUpstream(backupRelayFd);
  agent.leave();
}

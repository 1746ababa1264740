// Load balancer node: a tiny HTTP/1.0 health endpoint. An acceptor thread
// accepts connections on a listening TCP socket and answers GET /healthz;
// stop() is called from the control thread. Everything is raw POSIX
// descriptors.
// serve() documents that it closes the connection itself when the request is
// malformed, but acceptLoop() closes every connection after serve() anyway,
// and stop() closes the listening descriptor while the acceptor thread may be
// inside (or about to enter) accept() on it.
#include <arpa/inet.h>
#include <atomic>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

static void writeStatus(int fd, const char *status) {
  std::string resp = std::string("HTTP/1.0 ") + status + "\r\nContent-Length: 0\r\n\r\n";
  ::send(fd, resp.data(), resp.size(), MSG_NOSIGNAL); // SAME: badreq
}

class HealthEndpoint {
public:
  ~HealthEndpoint() {
    if (listenFd_ >= 0)
      ::close(listenFd_); // OK: stop() resets listenFd_ to -1 after closing it
  }

  bool listenOn(uint16_t port) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
      return false;
    int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0 || ::listen(fd, 16) < 0) {
      ::close(fd);
      return false;
    }
    listenFd_ = fd;
    return true;
  }

  void start() {
    running_ = true;
    acceptor_ = std::thread([this] { acceptLoop(); });
  }

  void stop() {
    running_ = false;
    ::close(listenFd_); // SAME: acceptrace
    acceptor_.join();
    listenFd_ = -1;
  }

private:
  // Returns false for a malformed request; the connection is closed then.
  bool serve(int c) {
    char buf[512];
    ssize_t n = ::recv(c, buf, sizeof buf - 1, 0);
    if (n <= 0) {
      ::close(c);
      return false;
    }
    buf[n] = '\0';
    if (std::strncmp(buf, "GET ", 4) != 0) {
      ::close(c);
      writeStatus(c, "400 Bad Request"); // BUG: use-after-close #badreq
      return false;
    }
    writeStatus(c, std::strncmp(buf + 4, "/healthz", 8) == 0 ? "204 No Content" : "404 Not Found");
    return true;
  }

  void acceptLoop() {
    while (running_) {
      int c = ::accept(listenFd_, nullptr, nullptr); // BUG: use-after-close #acceptrace
      if (c < 0)
        continue;
      if (!serve(c)) // OK: c was returned by this iteration's accept()
        ++malformed_;
      ::close(c); // BUG: double-close
    }
  }

  int listenFd_ = -1;
  std::atomic<bool> running_{false};
  std::atomic<int> malformed_{0};
  std::thread acceptor_;
};

// The control plane's prober: one retry if the first connect is refused.
static void probe(uint16_t port, const char *request) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int cli = -1;
  for (int attempt = 0; attempt < 2 && cli < 0; ++attempt) {
    cli = ::socket(AF_INET, SOCK_STREAM, 0);
    if (cli >= 0 && ::connect(cli, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
      ::close(cli);
      cli = -1;
    }
  }
  if (cli < 0)
    return;
  ::send(cli, request, std::strlen(request), MSG_NOSIGNAL); // OK: cli is the socket whose connect() succeeded
  char reply[256];
  ::recv(cli, reply, sizeof reply, 0);
  ::close(cli);
}

int main() {
  HealthEndpoint ep;
  if (!ep.listenOn(18080))
    return 1;
  ep.start();
  probe(18080, "GET /healthz HTTP/1.0\r\n\r\n");
  probe(18080, "HELLO\r\n\r\n");
  probe(18080, "GET /metrics HTTP/1.0\r\n\r\n");
  ep.stop();
  return 0;
}

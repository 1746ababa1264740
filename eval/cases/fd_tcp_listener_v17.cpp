// Minimal TCP status server. Listener owns the listening socket (with a
// 200 ms accept timeout so the accept thread can notice stop()); each
// accepted connection gets one request line and one reply. An access log records the peer of every request
// through a dup()ed descriptor kept by the audit logger.
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <sys/time.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace {

// Closes conn and returns false on a malformed request.
bool handleRequest(int conn) {
  char buf[256];
  const ssize_t n = ::recv(conn, buf, sizeof buf - 1, 0);
  if (n <= 0 || std::strncmp(buf, "STATUS", 6) != 0) {
    ::close(conn);
    return false;
  }
  const char reply[] = "UP\n";
  ::send(conn, reply, sizeof reply - 1, MSG_NOSIGNAL);
  return true;
}

void logAccess(int peerFd, const char *status) {
  sockaddr_in peer{};
  socklen_t len = sizeof peer;
  char ip[INET_ADDRSTRLEN] = "?";
  if (::getpeername(peerFd, reinterpret_cast<sockaddr *>(&peer), &len) == 0) // SAME: peerlog
    ::inet_ntop(AF_INET, &peer.sin_addr, ip, sizeof ip);
  std::fprintf(stderr, "%s %s\n", ip, status);
}

} // namespace

class Listener {
public:
  ~Listener() {
    if (acceptor_.joinable())
      stop();
    if (listenFd_ >= 0)
      ::close(listenFd_); // SAME: listendtor
  }

  bool start(unsigned short port) {
    listenFd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listenFd_ < 0)
      return false;
    int one = 1;
    ::setsockopt(listenFd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    timeval tick{0, 200 * 1000};
    ::setsockopt(listenFd_, SOL_SOCKET, SO_RCVTIMEO, &tick, sizeof tick);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (::bind(listenFd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0 ||
        ::listen(listenFd_, 64) < 0) {
      ::close(listenFd_);
      listenFd_ = -1;
      return false;
    }
    running_ = true;
    acceptor_ = std::thread([this] { acceptLoop(); });
    return true;
  }

  // Releases the port first so a restarted server can bind immediately.
  void stop() {
    ::close(listenFd_); // SAME: closelisten
    running_ = false;
    acceptor_.join();
  }

private:
  void acceptLoop() {
    while (running_) {
      const int conn = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC); // BUG: use-after-close #closelisten
      if (conn >= 0)
        serve(conn);
    }
  }

  void serve(int conn) {
    const int peer = conn; // kept for the access log
    const int audit = ::dup(conn);
    if (!handleRequest(conn)) {
      logAccess(audit, "rejected"); // OK: audit is a dup, still open after conn was closed
      logAccess(peer, "rejected"); // BUG: use-after-close #peerlog
      ::close(audit);
      return;
    }
    logAccess(peer, "served"); // OK: handleRequest leaves conn open on success
    ::close(conn); // OK: the only close of conn on the success path
    if (audit >= 0)
      ::close(audit); // OK: a different descriptor from conn
  }

  int listenFd_ = -1;
  std::atomic<bool> running_{false};
  std::thread acceptor_;
};

void runStatusServer(const std::atomic<bool> &quit) {
  Listener listener;
  if (!listener.start(9100))
    return;
  while (!quit.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  listener.stop();
} // BUG: double-close #listendtor

int main() {
  std::atomic<bool> quit{false};
  std::thread timer([&quit] {
    std::this_thread::sleep_for(std::chrono::seconds(2));
    quit = true;
  });
  runStatusServer(quit);
  timer.join();
  return 0;
}

// A tiny line-based status endpoint: start() binds a TCP socket and runs an
// accept loop on its own thread; each client gets one "OK <uptime>" line and
// is closed. stop() is called from main on shutdown.
//
// Bug (race): stop() closes listenFd_ while the server thread is blocked in,
// or about to enter, accept() on it. On Linux close() does not wake a blocked
// accept(), and the descriptor number can be handed to the next socket()/open()
// of another thread, so accept() ends up running on someone else's
// descriptor. The usual fix is shutdown(listenFd_, SHUT_RDWR), join, then close.
// Correct lines: the per-client descriptor is a new one on every iteration and is
// closed once; start()'s error path closes and resets listenFd_ to -1, and
// stop() sets -1 after the join, so the destructor's close never repeats.
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <thread>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

class StatusServer {
public:
  ~StatusServer() {
    if (thread_.joinable())
      stop();
    else if (listenFd_ >= 0)
      ::close(listenFd_); // OK: start()'s error path and stop() leave -1
  }

  bool start(std::uint16_t port) {
    listenFd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listenFd_ < 0)
      return false;
    int one = 1;
    ::setsockopt(listenFd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(listenFd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0 ||
        ::listen(listenFd_, 16) < 0) {
      std::perror("status server");
      ::close(listenFd_);
      listenFd_ = -1;
      return false;
    }
    started_ = std::chrono::steady_clock::now();
    running_ = true;
    thread_ = std::thread([this] { run(); });
    return true;
  }

  void stop() {
    running_ = false;
    ::close(listenFd_); // SAME: accept_race
    if (thread_.joinable())
      thread_.join();
    listenFd_ = -1;
  }

private:
  void run() {
    while (running_) {
      int client = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC); // BUG: use-after-close #accept_race
      if (client < 0) {
        if (errno == EINTR || errno == ECONNABORTED)
          continue;
        if (!running_)
          break;
        std::perror("accept");
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        continue;
      }
      serve(client);
      ::close(client); // OK: a new descriptor on every iteration
    }
  }

  void serve(int fd) {
    char req[256];
    ssize_t n = ::recv(fd, req, sizeof req, 0);
    if (n <= 0)
      return;
    auto up = std::chrono::duration_cast<std::chrono::seconds>(
                  std::chrono::steady_clock::now() - started_)
                  .count();
    std::string reply = "OK " + std::to_string(up) + "\n";
    ::send(fd, reply.data(), reply.size(), MSG_NOSIGNAL);
  }

  int listenFd_ = -1;
  std::atomic<bool> running_{false};
  std::chrono::steady_clock::time_point started_;
  std::thread thread_;
};

int main() {
  StatusServer server;
  if (!server.start(8125))
    return 1;
  std::this_thread::sleep_for(std::chrono::seconds(30));
  server.stop();
  return 0;
}

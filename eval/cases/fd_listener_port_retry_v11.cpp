// A small accept server. bindFirstFree() tries a range of ports: a failed
// bind/listen closes that attempt's socket and resets the variable to -1, and
// the next attempt creates a new socket, so each close hits a different live
// descriptor. handOffLog() dup()s the access-log descriptor for a worker before
// closing the original; the worker writes to the duplicate, which stays open.
// stop() closes only descriptors that are not -1 and resets them, so the
// explicit stop() followed by the destructor's stop() closes each one once.
#include <arpa/inet.h>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

static int bindFirstFree(int firstPort, int lastPort) {
  int fd = -1;
  for (int port = firstPort; port <= lastPort; ++port) {
    fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
      return -1;
    int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
        ::listen(fd, 128) == 0)
      return fd;
    ::close(fd); // OK: each attempt closes the socket it just created
    fd = -1;
  }
  return fd;
}

class AcceptServer {
public:
  ~AcceptServer() { stop(); }

  bool start(int firstPort, int lastPort, const char *logPath) {
    listenFd_ = bindFirstFree(firstPort, lastPort);
    if (listenFd_ < 0)
      return false;
    logFd_ = ::open(logPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (logFd_ < 0) {
      ::close(listenFd_);
      listenFd_ = -1;
      return false;
    }
    return true;
  }

  void serveOne() {
    int client = ::accept(listenFd_, nullptr, nullptr);
    if (client < 0)
      return;
    static const char banner[] = "220 ready\r\n";
    ::write(client, banner, sizeof banner - 1);
    ::close(client);
    static const char line[] = "accepted one client\n";
    ::write(logFd_, line, sizeof line - 1);
  }

  int handOffLog() {
    int copy = ::dup(logFd_);
    ::close(logFd_);
    logFd_ = -1;
    return copy;
  }

  void stop() {
    if (listenFd_ != -1) {
      ::close(listenFd_);
      listenFd_ = -1;
    }
    if (logFd_ != -1) {
      ::close(logFd_); // OK: handOffLog() already reset logFd_ to -1 when it closed it
      logFd_ = -1;
    }
  }

private:
  int listenFd_ = -1;
  int logFd_ = -1;
};

int serveBriefly(const char *logPath) {
  AcceptServer server;
  if (!server.start(8100, 8199, logPath))
    return 1;
  for (int i = 0; i < 3; ++i)
    server.serveOne();
  int workerLog = server.handOffLog();
  if (workerLog >= 0) {
    static const char msg[] = "log handed to worker\n";
    ::write(workerLog, msg, sizeof msg - 1); // OK: the dup stays open after the original is closed
    ::close(workerLog);
  }
  server.stop();
  server.stop(); // OK: both members were reset to -1 by the first stop()
  return 0;
}

// AdminSocket: one-command-per-connection admin endpoint on a Unix socket.
#include "kvlog/admin_socket.h"
#include "kvlog/fd_util.h"
#include "kvlog/log.h"

#include <cerrno>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace kvlog {

AdminSocket::AdminSocket(std::string path, CommandHandler handler, std::function<void()> onQuit)
    : path_(std::move(path)), handler_(std::move(handler)), onQuit_(std::move(onQuit)) {}

AdminSocket::~AdminSocket() {
  stop(); // OK: stop() is idempotent
}

bool AdminSocket::start() {
  sockaddr_un addr{};
  if (path_.size() >= sizeof addr.sun_path) {
    logError("admin: socket path too long: %s", path_.c_str());
    return false;
  }
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return false;
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path_.c_str(), path_.size() + 1);
  ::unlink(path_.c_str());
  if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(fd, 8) != 0) {
    logError("admin: cannot listen on %s: %s", path_.c_str(), std::strerror(errno));
    ::close(fd);
    return false;
  }
  if (::pipe2(wakePipe_, O_CLOEXEC) != 0) {
    ::close(fd); // OK: the listening socket; the pipe was never created
    ::unlink(path_.c_str());
    return false;
  }
  listenFd_ = fd;
  started_ = true;
  thread_ = std::thread([this] { serveLoop(); });
  return true;
}

void AdminSocket::serveLoop() {
  for (;;) {
    pollfd fds[2] = {{listenFd_, POLLIN, 0}, {wakePipe_[0], POLLIN, 0}};
    const int n = ::poll(fds, 2, -1); // OK: stop() joins this thread before closing either descriptor
    if (n < 0) {
      if (errno == EINTR)
        continue;
      logError("admin: poll failed: %s", std::strerror(errno));
      return;
    }
    if (fds[1].revents != 0 || stopping_.load())
      return;
    if ((fds[0].revents & POLLIN) == 0)
      continue;
    const int cfd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (cfd < 0)
      continue;
    serveClient(cfd);
  }
}

void AdminSocket::serveClient(int cfd) {
  std::string command;
  if (!readLine(cfd, command)) {
    ::close(cfd);
    return;
  }
  std::string reply;
  if (command == "quit") {
    // Drop the client right away: shutting down can take a while.
    ::close(cfd);
    if (onQuit_)
      onQuit_();
    reply = "bye\n";
  } else {
    try {
      reply = handler_(command, cfd);
    } catch (const std::exception &e) {
      reply = std::string("error: ") + e.what() + "\n";
    }
  }
  writeAll(cfd, reply); // BUG: use-after-close #admin_reply
  ::close(cfd); // BUG: double-close
}

void AdminSocket::stop() {
  if (!started_ || stopping_.exchange(true))
    return;
  const char wake = 'x';
  if (::write(wakePipe_[1], &wake, 1) < 0)
    logWarn("admin: cannot wake the admin thread: %s", std::strerror(errno));
  if (thread_.joinable())
    thread_.join();
  ::close(listenFd_); // OK: the admin thread has been joined, nothing polls the socket any more
  ::close(wakePipe_[0]);
  ::close(wakePipe_[1]); // OK: stop() gets here once (stopping_ exchange), after its own write
  ::unlink(path_.c_str());
}

} // namespace kvlog

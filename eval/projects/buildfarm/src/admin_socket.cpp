#include "buildfarm/admin_socket.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <utility>

namespace buildfarm {

AdminSocket::AdminSocket(std::string path, AdminHandler handler)
    : path_(std::move(path)), handler_(std::move(handler)) {}

AdminSocket::~AdminSocket() {
  stop(); // OK: running_ makes a second stop() return at once
}

bool AdminSocket::start() {
  if (running_.load())
    return true;
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return false;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path_.size() >= sizeof addr.sun_path) {
    ::close(fd); // OK: returns right after, fd was never stored
    return false;
  }
  std::memcpy(addr.sun_path, path_.c_str(), path_.size() + 1);
  ::unlink(path_.c_str());
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(fd, 8) != 0) {
    std::fprintf(stderr, "admin: cannot listen on %s: %s\n", path_.c_str(),
                 std::strerror(errno));
    ::close(fd); // OK: this error path returns, fd was never stored
    return false;
  }
  ::chmod(path_.c_str(), 0660);
  listenFd_ = fd;
  running_.store(true);
  thread_ = std::thread([this] { acceptLoop(); });
  return true;
}

void AdminSocket::acceptLoop() {
  while (running_.load()) {
    const int client = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC); // BUG: use-after-close #admin_accept
    if (client < 0) {
      if (errno == EINTR || errno == ECONNABORTED)
        continue;
      if (!running_.load())
        break;
      std::fprintf(stderr, "admin: accept: %s\n", std::strerror(errno));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    AdminSession session(client, handler_);
    session.serve();
  }
}

void AdminSocket::stop() {
  if (!running_.exchange(false))
    return;
  ::shutdown(listenFd_, SHUT_RDWR); // wakes a blocked accept()
  ::close(listenFd_); // SAME: admin_accept
  if (thread_.joinable())
    thread_.join();
  listenFd_ = -1;
  ::unlink(path_.c_str());
}

} // namespace buildfarm

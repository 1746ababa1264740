// POSIX I/O helpers: full writes, line reads with a deadline, peer names.
#include "ingestd/io_util.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ingestd {
namespace io {
namespace {

using Clock = std::chrono::steady_clock;

int remainingMs(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() > 0 ? static_cast<int>(left.count()) : 0;
}

bool waitFor(int fd, short events, int timeoutMs) {
  pollfd pfd{fd, events, 0};
  for (;;) {
    int r = ::poll(&pfd, 1, timeoutMs);
    if (r < 0 && errno == EINTR)
      continue;
    return r > 0;
  }
}

} // namespace

bool writeAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        if (!waitFor(fd, POLLOUT, 5000))
          return false;
        continue;
      }
      return false;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

bool sendLine(int fd, const std::string &line) {
  std::string msg = line + "\n";
  const char *p = msg.data();
  std::size_t len = msg.size();
  while (len > 0) {
    ssize_t n = ::send(fd, p, len, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

bool readLine(int fd, std::string &line, std::size_t maxLen, int timeoutMs) {
  line.clear();
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
  while (line.size() < maxLen) {
    if (!waitFor(fd, POLLIN, remainingMs(deadline)))
      return false;
    char c;
    ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      return true;
    }
    line.push_back(c);
  }
  return false;
}

bool readExact(int fd, void *buf, std::size_t len, int timeoutMs) {
  char *p = static_cast<char *>(buf);
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
  while (len > 0) {
    if (!waitFor(fd, POLLIN, remainingMs(deadline)))
      return false;
    ssize_t n = ::read(fd, p, len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (n <= 0)
      return false;
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

std::string readAll(int fd) {
  std::string out;
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN) {
      if (!waitFor(fd, POLLIN, 5000))
        break;
      continue;
    }
    if (n <= 0)
      break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

void closeQuietly(int fd) noexcept {
  if (fd >= 0)
    ::close(fd);
}

void closeAndReset(int &fd) noexcept {
  if (fd < 0)
    return;
  ::close(fd);
  fd = -1;
}

bool setNonBlocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL, 0);
  return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

bool setCloexec(int fd) {
  int flags = ::fcntl(fd, F_GETFD, 0);
  return flags >= 0 && ::fcntl(fd, F_SETFD, flags | FD_CLOEXEC) == 0;
}

std::string peerName(int fd) {
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  if (::getpeername(fd, reinterpret_cast<sockaddr *>(&ss), &len) != 0) // SAME: admin_peer
    return "?";
  char host[INET6_ADDRSTRLEN] = {0};
  int port = 0;
  if (ss.ss_family == AF_INET) {
    auto *in = reinterpret_cast<sockaddr_in *>(&ss);
    ::inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
    port = ntohs(in->sin_port);
  } else if (ss.ss_family == AF_INET6) {
    auto *in6 = reinterpret_cast<sockaddr_in6 *>(&ss);
    ::inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
    port = ntohs(in6->sin6_port);
  } else {
    return "local";
  }
  return std::string(host) + ":" + std::to_string(port);
}

bool writeFileAtomic(const std::string &path, const std::string &bytes) {
  const std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  const bool written = writeAll(fd, bytes.data(), bytes.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!written) {
    ::unlink(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

} // namespace io
} // namespace ingestd

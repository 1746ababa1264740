// Logging and small socket helpers. No defect here: writeFully() and sendLine()
// are plain uses of the fd/connection they are given (the marked write line is
// where a caller's use-after-close surfaces), and closeIfOpen() checks
// isOpen() before closing, so it is safe to call repeatedly.
#include "matchd/net_util.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <mutex>

namespace matchd {

namespace {
std::mutex &logMutex() {
  static std::mutex mu;
  return mu;
}
} // namespace

void logInfo(const std::string &msg) {
  std::lock_guard<std::mutex> lk(logMutex());
  std::clog << "[info] " << msg << '\n';
}

void logError(const std::string &msg) {
  std::lock_guard<std::mutex> lk(logMutex());
  std::clog << "[error] " << msg << '\n';
}

void writeFully(int fd, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::write(fd, data.data() + off, data.size() - off); // SAME: refusal
    if (n < 0) {
      if (errno == EINTR) continue;
      throw IoError(std::string("write: ") + std::strerror(errno));
    }
    off += static_cast<std::size_t>(n);
  }
}

void sendLine(TcpConnection &conn, const std::string &line) { conn.send(line + "\n"); }

bool closeIfOpen(TcpConnection &conn) noexcept {
  if (!conn.isOpen()) return false;
  conn.close(); // OK: only reached while the connection is open
  return true;
}

} // namespace matchd

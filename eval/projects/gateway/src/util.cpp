// Helpers: closeQuietly() for descriptors and connections, writeLine() to a
// descriptor, and sendOrClose(), which closes the connection only when the
// peer is not keeping up and then returns false. The same-marked line #motd is the
// write inside writeLine() reached from Acceptor::onAcceptLegacy()
// (acceptor.cpp) after greet() closed the descriptor. The closes of
// onControlError() (server.cpp) and probe() (admin.cpp) happen here.
#include "gateway/util.h"

#include "gateway/connection.h"

#include <cerrno>
#include <cstddef>
#include <unistd.h>

namespace gateway {

void closeQuietly(int fd) {
  if (fd < 0)
    return;
  ::close(fd);
}

void closeQuietly(UpstreamConn &conn) {
  try {
    conn.close();
  } catch (...) {
  }
}

bool writeLine(int fd, const std::string &line) {
  const std::string buffer = line + "\n";
  const char *p = buffer.data();
  std::size_t left = buffer.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left); // SAME: motd
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

bool sendOrClose(UpstreamConn &conn, const std::string &line) {
  if (conn.send(line))
    return true;
  closeQuietly(conn);
  return false;
}

} // namespace gateway

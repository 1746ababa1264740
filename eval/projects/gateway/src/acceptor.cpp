// Acceptor: greet() writes the greeting and, when that fails, closes the
// descriptor and returns EPIPE. onAccept() returns on an error and writes the
// message of the day only on success (quiet line). onAcceptLegacy() logs the
// error code and writes the message of the day anyway: after a failed
// greeting the descriptor is closed (bug #motd; the write is inside
// writeLine(), util.cpp).
#include "gateway/acceptor.h"

#include "gateway/util.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace gateway {

int Acceptor::greet(int fd) {
  if (!writeLine(fd, "HELLO gateway/1")) {
    closeQuietly(fd);
    return EPIPE;
  }
  return 0;
}

void Acceptor::onAccept(int fd) {
  if (greet(fd) != 0)
    return;
  writeLine(fd, motd_); // OK: greet() closes only when it returns an error
  fanout_.add(std::make_unique<ClientSocket>(fd));
}

void Acceptor::onAcceptLegacy(int fd) {
  const int rc = greet(fd);
  if (rc != 0)
    std::fprintf(stderr, "gateway: greeting failed: %s\n", std::strerror(rc));
  writeLine(fd, motd_); // BUG: use-after-close #motd
  if (rc == 0)
    fanout_.add(std::make_unique<ClientSocket>(fd));
}

} // namespace gateway

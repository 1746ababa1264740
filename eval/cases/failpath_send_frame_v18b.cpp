// Length-prefixed framing over a stream socket. sendFrame() writes one frame
// and, when the peer is gone (EPIPE/ECONNRESET) or the write fails, closes the
// socket itself and returns -1. pushUpdates() stops on the first error.
// pushAll() ignores the return code of its batch header, sends the body on
// the descriptor anyway and closes it at the end, which after a peer reset
// writes to and closes a descriptor that sendFrame() already closed.
// openSession() throws after the helper closed the socket; its caller only
// uses the socket when the handshake succeeded.
#include <arpa/inet.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

// Returns 0 on success. On failure the descriptor is closed and -1 returned.
static int sendFrame(int fd, const std::string &payload) {
  std::uint32_t len = htonl(static_cast<std::uint32_t>(payload.size()));
  std::string wire(reinterpret_cast<const char *>(&len), sizeof len);
  wire += payload;
  std::size_t off = 0;
  while (off < wire.size()) {
    ssize_t n = send(fd, wire.data() + off, wire.size() - off, MSG_NOSIGNAL);
    if (n < 0) {
      std::fprintf(stderr, "sendFrame: %s, dropping connection\n", std::strerror(errno));
      close(fd);
      return -1;
    }
    off += static_cast<std::size_t>(n);
  }
  return 0;
}

// Sends the handshake; throws (after sendFrame() closed the socket) on failure.
static void openSession(int fd, const std::string &clientId) {
  if (sendFrame(fd, "HELLO " + clientId) != 0)
    throw std::runtime_error("handshake failed for " + clientId);
}

int pushUpdates(int fd, const std::vector<std::string> &updates) {
  for (const std::string &u : updates)
    if (sendFrame(fd, u) != 0)
      return -1;
  sendFrame(fd, "END"); // OK: every earlier frame succeeded, the socket is open
  return close(fd);
}

int pushAll(int fd, const std::vector<std::string> &updates) {
  sendFrame(fd, "BATCH " + std::to_string(updates.size()));
  std::string body;
  for (const std::string &u : updates)
    body += u + "\n";
  ssize_t n = send(fd, body.data(), body.size(), MSG_NOSIGNAL); // BUG: use-after-close
  close(fd); // BUG: double-close
  return n == static_cast<ssize_t>(body.size()) ? 0 : -1;
}

int startClient(int fd, const std::string &clientId, const std::vector<std::string> &updates) {
  try {
    openSession(fd, clientId);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "client %s: %s\n", clientId.c_str(), e.what());
    return -1;
  }
  return pushUpdates(fd, updates); // OK: reached only when the handshake succeeded
}

int main() {
  int a[2], b[2], c[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, a) != 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, b) != 0 ||
      socketpair(AF_UNIX, SOCK_STREAM, 0, c) != 0)
    return 1;
  std::vector<std::string> updates = {"price AAPL 190.1", "price MSFT 410.7", "price NVDA 880.0"};

  startClient(a[0], "desk-1", updates);

  close(b[1]); // the consumer of the second pair has gone away
  pushAll(b[0], updates);

  pushUpdates(c[0], updates);
  close(a[1]);
  close(c[1]);
  return 0;
}

// Pushes a snapshot over TCP. The helpers close the descriptor only when they
// fail: writeAll() closes and returns -1, sendFrame() throws FrameError after
// a failing writeAll() (which already closed), and writeTrailer() returns
// false after closing. Every caller leaves on failure (returns, or lets the
// exception end the function), so the writes that follow and the final close
// only ever see a descriptor that is still open.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

struct FrameError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

static int writeAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    ssize_t n = ::write(fd, p, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      ::close(fd);
      return -1;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return 0;
}

static void sendFrame(int fd, uint8_t type, const std::string &payload) {
  unsigned char hdr[5] = {type, 0, 0, 0, 0};
  uint32_t len = htonl(static_cast<uint32_t>(payload.size()));
  std::memcpy(hdr + 1, &len, sizeof len);
  if (writeAll(fd, hdr, sizeof hdr) < 0)
    throw FrameError("frame header write failed");
  if (writeAll(fd, payload.data(), payload.size()) < 0) // OK: a failed header write threw above
    throw FrameError("frame payload write failed");
}

[[nodiscard]] static bool writeTrailer(int fd, std::size_t count) {
  std::string trailer = "END " + std::to_string(count) + "\n";
  return writeAll(fd, trailer.data(), trailer.size()) == 0;
}

static int connectTo(const char *ip, uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  ::inet_pton(AF_INET, ip, &addr.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

int pushSnapshot(const char *ip, uint16_t port, const std::vector<std::string> &chunks) {
  int fd = connectTo(ip, port);
  if (fd < 0)
    return -1;
  static const char magic[] = "SNAP1";
  if (writeAll(fd, magic, 5) < 0)
    return -1; // writeAll() closed fd
  try {
    for (const auto &chunk : chunks)
      sendFrame(fd, 1, chunk); // OK: a failed sendFrame() threw, leaving the loop and the function
  } catch (const FrameError &e) {
    std::fprintf(stderr, "snapshot aborted: %s\n", e.what());
    return -1;
  }
  if (!writeTrailer(fd, chunks.size())) // OK: the try block was left only after every frame succeeded
    return -1;
  return ::close(fd); // OK: no failing helper reaches this line
}

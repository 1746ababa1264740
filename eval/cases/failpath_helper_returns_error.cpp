// A peer connector's handshake helper closes the descriptor when the write
// fails and returns false. connectPeer() returns -1 on false and writes only
// on success, when the descriptor is open (correct). The fire-and-forget
// caller ignores the result and writes anyway: on the failure path that is a
// write to a closed descriptor (bug).
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

namespace {

struct Hello {
  std::uint32_t magic;
  std::uint32_t version;
};

bool sendHello(int fd, const Hello &hello) {
  if (::write(fd, &hello, sizeof hello) != static_cast<ssize_t>(sizeof hello)) {
    ::close(fd);
    return false;
  }
  return true;
}

} // namespace

int connectPeer(int fd) {
  Hello hello{0xC0FFEE, 2};
  if (!sendHello(fd, hello))
    return -1;
  static const char ready[] = "READY\n";
  ::write(fd, ready, sizeof ready - 1); // OK
  return fd;
}

void announce(int fd) {
  Hello hello{0xC0FFEE, 2};
  sendHello(fd, hello);
  ::write(fd, "ANNOUNCE\n", 9); // BUG: use-after-close
}

// A connection struct closed by a helper, then used for a goodbye message.
#include <sys/socket.h>
#include <unistd.h>

struct Conn {
  int fd;
  bool tls;
};

static void connClose(Conn *c) { close(c->fd); }

void dropClient(Conn &c) {
  connClose(&c);
  send(c.fd, "BYE\r\n", 5, 0); // BUG: use-after-close
}

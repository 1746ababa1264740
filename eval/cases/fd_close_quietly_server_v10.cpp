// Listener setup of a small event-loop server: socket, SO_REUSEADDR, bind,
// listen, and a non-blocking self-pipe for wakeups, kept in struct server.
// Every failure jumps to a cleanup that calls close_quietly(&fd), which
// closes a descriptor while preserving errno and sets the variable to -1.
// Negative case: descriptors handed over to *srv are set to -1 in the locals
// first, server_shutdown() resets each member, and so the second shutdown
// (from the atexit-style path in main) and the per-connection cleanup find
// -1 wherever a descriptor was already closed.
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

struct server {
  int listen_fd = -1;
  int wake_rd = -1;
  int wake_wr = -1;
};

static void close_quietly(int *fd) {
  if (*fd >= 0) {
    int saved = errno;
    close(*fd); // OK: *fd is set to -1 right after, so a second call does nothing
    errno = saved;
    *fd = -1;
  }
}

static int server_init(server *srv, uint16_t port) {
  int lfd = -1;
  int wp[2] = {-1, -1};
  int one = 1;
  sockaddr_in addr;
  std::memset(&addr, 0, sizeof addr);

  lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (lfd < 0)
    goto fail;
  if (setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0)
    goto fail;
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_ANY);
  if (bind(lfd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0)
    goto fail;
  if (listen(lfd, 128) < 0)
    goto fail;
  if (pipe(wp) < 0)
    goto fail;
  if (fcntl(wp[0], F_SETFL, O_NONBLOCK) < 0)
    goto fail;

  srv->listen_fd = lfd;
  lfd = -1; /* ownership moved to srv */
  srv->wake_rd = wp[0];
  srv->wake_wr = wp[1];
  wp[0] = wp[1] = -1;
  return 0;

fail:
  close_quietly(&wp[0]);
  close_quietly(&wp[1]);
  close_quietly(&lfd); // OK: on success lfd was set to -1 before returning; here it is the only close
  return -1;
}

static void server_shutdown(server *srv) {
  close_quietly(&srv->wake_wr);
  close_quietly(&srv->wake_rd);
  close_quietly(&srv->listen_fd);
}

static void serve_one(server *srv) {
  int c = accept(srv->listen_fd, nullptr, nullptr);
  if (c < 0)
    return;
  static const char banner[] = "hello\r\n";
  if (write(c, banner, sizeof banner - 1) < 0) {
    close_quietly(&c);
  }
  if (c >= 0)
    shutdown(c, SHUT_WR); // OK: c is -1 if the write failed and it was closed
  close_quietly(&c);      // OK: does nothing when c was already closed and reset
}

int main() {
  server srv;
  if (server_init(&srv, 8080) < 0)
    return 1;
  serve_one(&srv);
  server_shutdown(&srv);
  server_shutdown(&srv); // OK: every member is -1 after the first shutdown
  return 0;
}

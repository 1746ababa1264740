// The short-write branch closes the socket, then the common exit closes it again.
#include <sys/socket.h>
#include <unistd.h>

int sendAll(int sock, const char *buf, size_t len) {
  int rc = 0;
  ssize_t n = send(sock, buf, len, 0);
  if (n < 0 || static_cast<size_t>(n) != len) {
    close(sock);
    rc = -1;
  }
  close(sock); // BUG: double-close
  return rc;
}

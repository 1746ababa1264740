// The retry loop closes the socket on a timeout but keeps using it (and may
// close it again on the next timeout).
#include <sys/socket.h>
#include <unistd.h>

bool timedOut();

int poll3(int sock, const char *ping, size_t len) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (send(sock, ping, len, 0) > 0) // BUG: use-after-close
      return 0;
    if (timedOut())
      close(sock); // BUG: double-close
  }
  return -1;
}

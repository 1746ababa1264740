// Negative: socket setup that closes and returns on every failure.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

int makeListener(unsigned short port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  int one = 1;
  if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0) {
    close(fd);
    return -1;
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0) {
    close(fd);
    return -1;
  }
  if (listen(fd, 64) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

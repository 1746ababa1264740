// Negative: shutdown() is not close(); the socket is still read and closed once.
#include <sys/socket.h>
#include <unistd.h>

ssize_t requestResponse(int sock, const char *req, size_t len, char *resp, size_t cap) {
  send(sock, req, len, 0);
  shutdown(sock, SHUT_WR);
  ssize_t n = recv(sock, resp, cap, 0);
  close(sock);
  return n;
}

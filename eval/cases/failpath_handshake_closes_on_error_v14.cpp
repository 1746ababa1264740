// Pub/sub client bootstrap. handshake() closes the socket when the server
// rejects the credentials and returns -1; on success it returns 0 and leaves
// the socket open for the caller. authenticate() does the same for the
// net::Connection control channel (send() throws once closed) and returns
// false after closing it.
// Correct callers stop using the descriptor when the helper fails.
// Defects: announcePresence() logs the failure, then subscribes on the closed
// descriptor anyway and closes it again; connectStrict() closes the descriptor
// a second time on the failure path (handshake() already closed it).
#include "netconn.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

static int dial(const char *ip, int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  ::inet_pton(AF_INET, ip, &addr.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Returns 0 when the server answers "ACK"; otherwise closes fd and returns -1.
static int handshake(int fd, const std::string &credentials) {
  std::string hello = "HELLO " + credentials + "\n";
  char reply[4] = {};
  if (::send(fd, hello.data(), hello.size(), MSG_NOSIGNAL) < 0 ||
      ::recv(fd, reply, 3, MSG_WAITALL) != 3 || std::strcmp(reply, "ACK") != 0) {
    ::close(fd);
    return -1;
  }
  return 0;
}

static bool authenticate(net::Connection &control, bool credentialsValid) {
  if (!credentialsValid) {
    control.close();
    return false;
  }
  control.send("AUTH");
  return true;
}

static void subscribe(int fd, const std::string &topic) {
  std::string line = "SUB " + topic + "\n";
  ::send(fd, line.data(), line.size(), MSG_NOSIGNAL); // SAME: besteffort
}

int connectAndSubscribe(const char *ip, const std::string &creds) {
  int fd = dial(ip, 4222);
  if (fd < 0)
    return -1;
  if (handshake(fd, creds) != 0)
    return -1;
  subscribe(fd, "orders"); // OK: handshake() closes only when it fails, and we returned
  return fd;
}

// Subscribes to the presence topic once, then hangs up.
void announcePresence(const char *ip, const std::string &creds) {
  int fd = dial(ip, 4222);
  if (fd < 0)
    return;
  if (handshake(fd, creds) != 0)
    std::fprintf(stderr, "handshake rejected, announcing anonymously\n");
  subscribe(fd, "presence"); // BUG: use-after-close #besteffort
  ::close(fd); // BUG: double-close
}

int connectStrict(const char *ip, const std::string &creds) {
  int fd = dial(ip, 4222);
  if (fd < 0)
    return -1;
  if (handshake(fd, creds) < 0) {
    ::close(fd); // BUG: double-close
    return -1;
  }
  return fd;
}

bool openControl(net::Connection &control, bool credentialsValid) {
  if (!authenticate(control, credentialsValid))
    return false;
  control.send("LIST-TOPICS"); // OK: authenticate() closes only when returning false
  return true;
}

int main(int argc, char **argv) {
  const char *ip = argc > 1 ? argv[1] : "127.0.0.1";
  std::string creds = argc > 2 ? argv[2] : "guest:guest";
  net::Connection control(std::string(ip) + ":4223");
  if (!openControl(control, creds != "guest:guest"))
    return 2;
  int a = connectAndSubscribe(ip, creds);
  announcePresence(ip, creds);
  int c = connectStrict(ip, creds);
  for (int fd : {a, c})
    if (fd >= 0)
      ::close(fd);
  return 0;
}

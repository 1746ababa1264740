// handshake() closes the socket itself when the greeting cannot be written or
// the server's answer is not "OK", and returns false. openSession()'s success
// path keeps writing on the descriptor (fine), but its failure path still
// writes an error line to it (bug).
#include <cstring>
#include <string>
#include <unistd.h>

static bool handshake(int fd) {
  static const char hello[] = "HELLO 2\n";
  if (::write(fd, hello, sizeof hello - 1) < 0) {
    ::close(fd);
    return false;
  }
  char answer[16] = {};
  ssize_t n = ::read(fd, answer, sizeof answer - 1);
  if (n < 2 || std::strncmp(answer, "OK", 2) != 0) {
    ::close(fd);
    return false;
  }
  return true;
}

int openSession(int fd, const std::string &user) {
  if (!handshake(fd)) {
    static const char err[] = "ERR handshake failed\n";
    ::write(fd, err, sizeof err - 1); // BUG: use-after-close
    return -1;
  }
  std::string login = "USER " + user + "\n";
  if (::write(fd, login.data(), login.size()) < 0) { // OK: handshake() succeeded
    ::close(fd);
    return -1;
  }
  return fd;
}

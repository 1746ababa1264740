// Quay capstan controller: each capstan has a tension-sensor descriptor and a
// brake-solenoid descriptor, and the controller keeps a TCP link to the
// harbour office. The serial driver on these controllers can fail close()
// with EINTR before releasing the line, so a close is retried when (and only
// when) it failed.
// Three mistakes: release_line() retries a fixed number of times whatever the
// first close returned; redial() closes the old socket on every attempt; and
// emergency_stop() closes the brake again after park_brake() closed it.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace capstan {

struct Capstan {
  int tension_fd = -1;
  int brake_fd = -1;
};

static int dial_office(const char* ip) {
  int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(7001);
  ::inet_pton(AF_INET, ip, &a.sin_addr);
  if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(s);
    return -1;
  }
  return s;
}

int close_with_retry(int fd) {
  if (::close(fd) == 0) return 0;
  if (errno != EINTR) return -1;
  return ::close(fd);  // OK: previous close failed
}

void release_line(int fd) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (::close(fd) == 0) std::puts("capstan line released");  // BUG: double-close
  }
}

// Returns true when the brake descriptor was closed successfully.
static bool park_brake(Capstan& c) {
  static const char engage[] = "ENGAGE\n";
  ::write(c.brake_fd, engage, sizeof engage - 1);
  return ::close(c.brake_fd) == 0;
}

void end_of_shift(Capstan& c) {
  if (!park_brake(c)) {
    ::close(c.brake_fd);  // OK: previous close failed
  }
  c.brake_fd = -1;
  close_with_retry(c.tension_fd);
  c.tension_fd = -1;
}

void emergency_stop(Capstan& c) {
  park_brake(c);
  ::close(c.brake_fd);  // BUG: double-close
  c.brake_fd = -1;
}

int redial(int old_sock, const char* ip) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    ::close(old_sock);  // BUG: double-close
    int s = dial_office(ip);
    if (s >= 0) return s;
    ::sleep(1);
  }
  return -1;
}

int redial_once(int old_sock, const char* ip) {
  int rc = ::close(old_sock);
  if (rc != 0 && (errno == EINTR || errno == EAGAIN)) ::close(old_sock);  // OK: previous close failed
  for (int attempt = 0; attempt < 5; ++attempt) {
    int s = dial_office(ip);
    if (s >= 0) return s;
    ::sleep(1);
  }
  return -1;
}

void drain_and_close(int fd) {
  char buf[64];
  while (::read(fd, buf, sizeof buf) > 0) {
  }
  while (::close(fd) == -1 && errno == EINTR) {  // OK: loops only while the previous close failed
  }
}

}  // namespace capstan

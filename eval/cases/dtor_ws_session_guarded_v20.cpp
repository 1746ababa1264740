// WebSocket-style session teardown over a socket descriptor. Socket::send()
// throws std::runtime_error once the socket is closed and Socket::close()
// throws std::logic_error when the socket is already closed. Negative case:
// every close path checks isClosed() first or runs from a scope guard that is
// dismissed once the handshake succeeds, and every send after a possible
// close is behind an isClosed() check, so no socket is closed twice and
// nothing is sent on a closed socket.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>

class Socket {
public:
  explicit Socket(int fd) : fd_(fd) {}
  Socket(const Socket &) = delete;
  Socket &operator=(const Socket &) = delete;
  void send(const std::string &frame);
  void close();
  bool isClosed() const { return fd_ < 0; }

private:
  int fd_;
};

void Socket::send(const std::string &frame) {
  if (fd_ < 0)
    throw std::runtime_error("socket closed");
  ::send(fd_, frame.data(), frame.size(), MSG_NOSIGNAL);
}

void Socket::close() {
  if (fd_ < 0)
    throw std::logic_error("socket closed twice");
  ::close(fd_);
  fd_ = -1;
}

class ScopeGuard {
public:
  explicit ScopeGuard(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~ScopeGuard() {
    if (fn_)
      fn_();
  }
  void dismiss() { fn_ = nullptr; }

private:
  std::function<void()> fn_;
};

class WsSession {
public:
  explicit WsSession(int fd) : sock_(fd) {}
  ~WsSession();
  bool handshake(const std::string &key);
  void sendText(const std::string &text);
  void closeWithCode(int code);

private:
  Socket sock_;
  bool closing_ = false;
};

WsSession::~WsSession() {
  if (!sock_.isClosed())
    sock_.close(); // OK: skipped when closeWithCode() or the handshake guard already closed it
}

bool WsSession::handshake(const std::string &key) {
  ScopeGuard onFail([this] { sock_.close(); });
  if (key.size() != 24)
    return false;
  sock_.send("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n");
  onFail.dismiss();
  return true;
}

void WsSession::sendText(const std::string &text) {
  if (closing_ || sock_.isClosed())
    return;
  std::string frame(1, '\x81');
  frame += static_cast<char>(text.size());
  sock_.send(frame + text); // OK: guarded by isClosed()
}

void WsSession::closeWithCode(int code) {
  if (sock_.isClosed())
    return;
  closing_ = true;
  std::string frame = "\x88\x02";
  frame += static_cast<char>(code >> 8);
  frame += static_cast<char>(code & 0xff);
  sock_.send(frame);
  sock_.close();
}

int serve(int fd, const std::string &key) {
  WsSession session(fd);
  if (!session.handshake(key))
    return 1; // OK: the guard closed the socket once; the destructor checks isClosed()
  session.sendText("hello");
  session.closeWithCode(1000);
  session.sendText("late"); // OK: sendText() returns once the socket is closed
  session.closeWithCode(1001); // OK: closeWithCode() returns when already closed
  return 0;
} // OK: the destructor sees the socket closed and skips close()

int main() {
  int a[2], b[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, a) != 0 || ::socketpair(AF_UNIX, SOCK_STREAM, 0, b) != 0)
    return 1;
  int rcGood = serve(a[0], "dGhlIHNhbXBsZSBub25jZQ==");
  int rcBad = serve(b[0], "short-key");
  std::printf("sessions: %d %d\n", rcGood, rcBad);
  ::close(a[1]);
  ::close(b[1]);
  return 0;
}

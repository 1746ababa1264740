// A database session over a socket. authenticate() closes the session when the
// server rejects the credentials (the server drops the connection anyway) and
// returns Rejected; on a timeout it leaves the session open and returns
// Timeout. runQuery() retries once on Timeout and gives up on a second Timeout,
// but forgets Rejected: on that path it sends the query on the session
// authenticate() closed. ping() continues only when authenticate() returned Ok.
#include <cerrno>
#include <optional>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

enum class AuthStatus { Ok, Timeout, Rejected };

struct Credentials {
  std::string user;
  std::string token;
};

class DbSession {
public:
  explicit DbSession(int fd) : fd_(fd) {}
  ~DbSession() { close(); }

  void sendPacket(const std::string &payload) {
    if (fd_ < 0)
      throw std::runtime_error("db session closed");
    std::string frame = std::to_string(payload.size()) + ":" + payload;
    if (::send(fd_, frame.data(), frame.size(), MSG_NOSIGNAL) < 0)
      throw std::runtime_error("db send failed");
  }

  std::optional<std::string> readPacket(int timeoutMs) {
    if (fd_ < 0)
      throw std::runtime_error("db session closed");
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, timeoutMs) <= 0)
      return std::nullopt;
    char buf[512];
    ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0)
      return std::nullopt;
    return std::string(buf, static_cast<std::size_t>(n));
  }

  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

AuthStatus authenticate(DbSession &s, const Credentials &c) {
  s.sendPacket("AUTH " + c.user + " " + c.token);
  auto reply = s.readPacket(2000);
  if (!reply)
    return AuthStatus::Timeout;
  if (*reply != "AUTH_OK") {
    s.close();
    return AuthStatus::Rejected;
  }
  return AuthStatus::Ok;
}

std::optional<std::string> runQuery(DbSession &s, const Credentials &c, const std::string &sql) {
  AuthStatus st = authenticate(s, c);
  if (st == AuthStatus::Timeout)
    st = authenticate(s, c); // one retry; a timeout leaves the session open
  if (st == AuthStatus::Timeout)
    return std::nullopt;
  s.sendPacket("QUERY " + sql); // BUG: use-after-close
  return s.readPacket(5000);
}

bool ping(DbSession &s, const Credentials &c) {
  if (authenticate(s, c) != AuthStatus::Ok)
    return false;
  s.sendPacket("PING"); // OK: reached only when authenticate() returned Ok
  return s.readPacket(1000).has_value();
}

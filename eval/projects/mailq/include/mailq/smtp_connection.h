// SmtpConnection: one client session with a remote SMTP server over a POSIX
// TCP socket descriptor.
//
// connect() resolves the host and connects (std::system_error on failure).
// send(), readReply() and command() throw std::runtime_error once the
// connection is closed (or before it was ever connected). quit() sends QUIT,
// waits for the goodbye and closes the socket; because it sends, it throws
// std::runtime_error on a closed connection as well. close() closes the
// socket; closing a connection that is already closed throws
// std::logic_error. The destructor closes the socket if it is still open.
// I/O errors are reported as std::system_error and leave the socket open.
// A connection is used by one thread at a time (the pool hands it out
// exclusively).
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

namespace mailq {

struct SmtpReply {
  int code = 0;
  std::string text;
  bool ok() const { return code >= 200 && code < 400; }
  bool permanent() const { return code >= 500; }
};

class SmtpConnection {
public:
  enum class State { Disconnected, Connected, Closed };
  using Clock = std::chrono::steady_clock;

  SmtpConnection(std::string host, std::uint16_t port);
  ~SmtpConnection();
  SmtpConnection(const SmtpConnection &) = delete;
  SmtpConnection &operator=(const SmtpConnection &) = delete;

  void connect();
  void send(const std::string &line);
  SmtpReply readReply();
  SmtpReply command(const std::string &line);
  void quit();
  void close();

  bool isOpen() const { return fd_ >= 0; }
  State state() const { return state_; }
  const std::string &host() const { return host_; }
  Clock::time_point lastUsed() const { return lastUsed_; }

private:
  std::string readLine();

  std::string host_;
  std::uint16_t port_;
  int fd_ = -1;
  State state_ = State::Disconnected;
  std::string rbuf_;
  Clock::time_point lastUsed_ = Clock::now();
};

} // namespace mailq

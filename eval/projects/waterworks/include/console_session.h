// ConsoleSession: one operator console connection (telnet-style, line based).
// Sessions are served on the plant's main loop thread.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace ww {

class ConsoleSession {
 public:
  ConsoleSession(int id, int fd, std::string peer);
  ~ConsoleSession();

  ConsoleSession(const ConsoleSession&) = delete;
  ConsoleSession& operator=(const ConsoleSession&) = delete;

  int id() const;
  const std::string& user() const;
  const std::string& peer() const;

  // On a wrong token: says so, closes the session and returns false.
  bool authenticate(const std::string& user, const std::string& token, const std::string& expected);
  // Both throw std::runtime_error("console session closed") once closed.
  void send_line(const std::string& line);
  std::optional<std::string> read_line();
  // Closes the descriptor. Not idempotent: call it once per session.
  void close();
  bool is_open() const;

  std::chrono::steady_clock::time_point last_activity() const;
  void touch();

 private:
  int id_;
  int fd_;
  std::string peer_;
  std::string user_;
  std::string inbuf_;
  bool open_ = true;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace ww

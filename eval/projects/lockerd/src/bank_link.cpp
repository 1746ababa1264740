// BankLink: the command connection to one bank. Every operation takes the
// link's mutex; push/flush refuse to run once the link is closed, close()
// flushes what the connection still holds and can be called more than once.
#include "bank_link.h"

#include <stdexcept>

BankLink::BankLink(std::string bankId, std::unique_ptr<net::Connection> conn)
    : bankId_(std::move(bankId)), conn_(std::move(conn)),
      lastSeen_(std::chrono::steady_clock::now()) {
  if (!conn_)
    throw std::invalid_argument("bank link " + bankId_ + " needs a connection");
}

BankLink::~BankLink() {
  close(); // OK
}

std::string BankLink::endpoint() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return conn_->endpoint();
}

Status BankLink::handshake(const std::string &firmware, bool accepted) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ != LinkState::Handshaking)
    return Status::rejected("bank " + bankId_ + " already completed its handshake");
  if (!accepted) {
    conn_->send("REJECT firmware " + firmware + "\n");
    conn_->close();
    state_ = LinkState::Closed;
    return Status::rejected("bank " + bankId_ + " runs unsupported firmware " + firmware);
  }
  conn_->send("WELCOME " + firmware + "\n"); // OK
  state_ = LinkState::Ready;
  lastSeen_ = std::chrono::steady_clock::now();
  return Status::success();
}

void BankLink::push(const Command &cmd) {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked(commandName(cmd.kind));
  conn_->send(encodeCommand(cmd));
  ++framesSent_;
}

void BankLink::pushRaw(const std::string &frame) {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("raw frame");
  conn_->send(frame);
  ++framesSent_;
}

void BankLink::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("flush");
  conn_->flush();
}

void BankLink::reconnect(std::unique_ptr<net::Connection> fresh) {
  if (!fresh)
    throw std::invalid_argument("bank link " + bankId_ + ": reconnect without a connection");
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("reconnect");
  conn_->close();
  conn_ = std::move(fresh);
  conn_->send("RESUME " + std::to_string(framesSent_) + "\n"); // OK
  lastSeen_ = std::chrono::steady_clock::now();
}

void BankLink::markDraining() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ == LinkState::Ready)
    state_ = LinkState::Draining;
}

void BankLink::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ == LinkState::Closed)
    return;
  if (state_ != LinkState::Handshaking)
    conn_->flush();
  conn_->close();
  state_ = LinkState::Closed;
}

bool BankLink::isClosed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return state_ == LinkState::Closed;
}

LinkState BankLink::state() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return state_;
}

void BankLink::touch() {
  std::lock_guard<std::mutex> lock(mutex_);
  lastSeen_ = std::chrono::steady_clock::now();
}

std::chrono::steady_clock::time_point BankLink::lastSeen() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return lastSeen_;
}

std::uint64_t BankLink::framesSent() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return framesSent_;
}

void BankLink::ensureOpenLocked(const char *op) const {
  if (state_ == LinkState::Closed)
    throw std::runtime_error("bank link " + bankId_ + " closed: cannot " + op);
}

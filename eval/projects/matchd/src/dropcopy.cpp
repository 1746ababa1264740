// DropCopyProducer implementation.
// Planted defect: send()'s retry loop closes the broken socket in the catch block and
// then retries on that same, now closed, connection instead of reconnecting.
#include "matchd/dropcopy.h"

#include <chrono>
#include <stdexcept>
#include <thread>

#include "matchd/net_util.h"

namespace matchd {

namespace {
constexpr int kMaxAttempts = 3;
constexpr std::chrono::milliseconds kBackoff{50};
} // namespace

DropCopyProducer::DropCopyProducer(std::string host, std::uint16_t port) : host_(std::move(host)), port_(port) {}

DropCopyProducer::~DropCopyProducer() {
  std::lock_guard<std::mutex> lk(mu_);
  closeIfOpen(conn_); // OK: closeIfOpen() checks isOpen() first; release() may already have closed it
}

void DropCopyProducer::connect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_) throw std::logic_error("drop copy: connect after release");
  conn_ = TcpConnection::connectTo(host_, port_);
  sendLine(conn_, "HELLO matchd"); // freshly connected
}

void DropCopyProducer::reconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_) throw std::logic_error("drop copy: reconnect after release");
  if (conn_) conn_.close(); // OK: operator bool guards the close
  conn_ = TcpConnection::connectTo(host_, port_);
  sendLine(conn_, "HELLO matchd resume"); // OK: new connection replaced the closed one
}

bool DropCopyProducer::isClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return released_;
}

void DropCopyProducer::send(const Fill &f) {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_) throw std::logic_error("drop copy: send after release");
  const std::string frame = encodeFill(f) + "\n";
  for (int attempt = 1;; ++attempt) {
    try {
      conn_.send(frame); // BUG: use-after-close
      return;
    } catch (const IoError &e) {
      logError("drop copy: send failed (attempt " + std::to_string(attempt) + "): " + e.what());
      conn_.close(); // the socket is broken; drop it before retrying
      if (attempt == kMaxAttempts) throw;
      std::this_thread::sleep_for(kBackoff);
    }
  }
}

void DropCopyProducer::release() {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_) throw std::logic_error("drop copy: released twice");
  released_ = true;
  if (conn_.isOpen()) { // a failed send may already have dropped the socket
    sendLine(conn_, "BYE"); // inside the isOpen() check
    conn_.close(); // OK: guarded by isOpen(), and released_ keeps this from running twice
  }
}

} // namespace matchd

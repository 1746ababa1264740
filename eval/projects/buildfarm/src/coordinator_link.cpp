#include "buildfarm/coordinator_link.h"

#include <utility>

namespace buildfarm {

CoordinatorLink::CoordinatorLink(std::string endpoint)
    : endpoint_(std::move(endpoint)),
      conn_(std::make_shared<net::Connection>(endpoint_)), generation_(1) {}

CoordinatorLink::~CoordinatorLink() {
  close(); // OK: idempotent after the agent closed the link
}

std::shared_ptr<net::Connection> CoordinatorLink::current() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return conn_;
}

std::shared_ptr<net::Connection> CoordinatorLink::reconnect() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    return nullptr;
  std::shared_ptr<net::Connection> old = std::move(conn_);
  conn_ = std::make_shared<net::Connection>(endpoint_);
  ++generation_;
  if (old)
    old->close(); // SAME: fetch_reconnect
  return conn_;
}

bool CoordinatorLink::sendLocked(const std::string &message) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_ || !conn_)
    return false;
  conn_->send(message); // OK: reconnect() and close() hold the same mutex
  conn_->flush(); // OK: same lock as above
  return true;
}

void CoordinatorLink::close() {
  std::shared_ptr<net::Connection> conn;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      return;
    closed_ = true;
    conn = std::move(conn_);
  }
  if (conn)
    conn->close();
}

std::uint64_t CoordinatorLink::generation() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return generation_;
}

} // namespace buildfarm

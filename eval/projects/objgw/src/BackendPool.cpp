// BackendPool: one slot (and connection) per backend name.
#include "objgw/BackendPool.h"

#include "objgw/BackendConnection.h"

#include <stdexcept>

namespace objgw {

BackendPool::BackendPool(int timeoutMs) : timeoutMs_(timeoutMs) {}

BackendPool::~BackendPool() {
  close(); // OK: close() is idempotent and skips connections that are already closed
}

void BackendPool::requireOpenLocked() const {
  if (closed_)
    throw std::runtime_error("backend pool closed");
}

void BackendPool::add(const std::string &name, const Endpoint &ep) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked();
  if (slots_.count(name))
    throw std::runtime_error("duplicate backend name: " + name);
  slots_.emplace(name, Slot{ep, BackendConnection::open(ep, timeoutMs_)});
}

std::shared_ptr<BackendConnection> BackendPool::get(const std::string &name) const {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked();
  const auto it = slots_.find(name);
  if (it == slots_.end())
    throw std::runtime_error("unknown backend: " + name);
  return it->second.conn;
}

std::shared_ptr<BackendConnection> BackendPool::find(const std::string &name) const {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked();
  const auto it = slots_.find(name);
  return it == slots_.end() ? nullptr : it->second.conn;
}

std::vector<std::string> BackendPool::names() const {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked();
  std::vector<std::string> out;
  out.reserve(slots_.size());
  for (const auto &entry : slots_)
    out.push_back(entry.first);
  return out;
}

void BackendPool::recycle(const std::string &name) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked();
  const auto it = slots_.find(name);
  if (it == slots_.end())
    throw std::runtime_error("unknown backend: " + name);
  if (it->second.conn->isOpen())
    it->second.conn->close(); // OK: a connection that a failed probe already closed is left alone
}

std::shared_ptr<BackendConnection> BackendPool::reopen(const std::string &name) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked();
  const auto it = slots_.find(name);
  if (it == slots_.end())
    throw std::runtime_error("unknown backend: " + name);
  Slot &slot = it->second;
  if (slot.conn->isOpen())
    slot.conn->close(); // OK: only a connection that is still open is closed before it is replaced
  slot.conn = BackendConnection::open(slot.endpoint, timeoutMs_);
  return slot.conn;
}

void BackendPool::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  for (auto &entry : slots_) {
    if (entry.second.conn->isOpen())
      entry.second.conn->close(); // OK: recycled or failed connections are skipped
  }
}

bool BackendPool::isClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

} // namespace objgw

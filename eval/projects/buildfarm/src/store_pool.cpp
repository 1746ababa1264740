#include "buildfarm/store_pool.h"

#include <utility>

namespace buildfarm {

StorePool::StorePool(std::string endpoint, std::chrono::seconds keepAlive,
                     std::size_t maxIdle)
    : endpoint_(std::move(endpoint)), keepAlive_(keepAlive), maxIdle_(maxIdle) {}

StorePool::~StorePool() {
  closeAll(); // OK: a second closeAll() finds the pool already empty
}

std::shared_ptr<net::Connection> StorePool::acquire() {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  while (!idle_.empty()) {
    Idle entry = std::move(idle_.back());
    idle_.pop_back();
    if (now - entry.since <= keepAlive_)
      return entry.conn;
    entry.conn->close(); // OK: too old to trust, and already out of the pool
  }
  return std::make_shared<net::Connection>(endpoint_);
}

void StorePool::release(std::shared_ptr<net::Connection> conn) {
  if (!conn || conn->isClosed())
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_ || idle_.size() >= maxIdle_) {
    conn->close(); // OK: the borrower handed it over, nobody else holds it
    return;
  }
  idle_.push_back({std::move(conn), std::chrono::steady_clock::now()});
}

// Closes connections idle for longer than maxAge so the store can free their
// slots. The entries themselves are dropped by acquire().
void StorePool::closeIdle(std::chrono::seconds maxAge) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  for (Idle &entry : idle_) {
    if (now - entry.since > maxAge && !entry.conn->isClosed())
      entry.conn->close();
  }
}

void StorePool::closeAll() {
  std::vector<Idle> idle;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    idle.swap(idle_);
  }
  for (Idle &entry : idle)
    entry.conn->close(); // OK: idempotent for connections closeIdle() already closed
}

std::size_t StorePool::idleCount() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return idle_.size();
}

} // namespace buildfarm

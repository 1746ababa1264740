// ConnPool: borrowing, returning, warming and trimming backend connections.
#include "sqlproxy/ConnPool.h"

#include "sqlproxy/WireProtocol.h"

#include <stdexcept>
#include <utility>

namespace sqlproxy {

ConnPool::ConnPool(BackendAddr addr, BackendAuth auth, PoolSettings settings)
    : addr_(std::move(addr)), auth_(std::move(auth)), settings_(std::move(settings)) {}

// Connections still open when the pool goes away are closed by their own
// destructors once the last borrower lets go of them.
ConnPool::~ConnPool() = default;

std::shared_ptr<BackendConn> ConnPool::createConn() {
  auto conn = std::make_shared<BackendConn>(BackendConn::allocateId(), addr_);
  try {
    conn->open(settings_.connectTimeout);
    conn->authenticate(auth_.user, auth_.database, auth_.password);
  } catch (const std::exception &) {
    // don't leak the socket when the handshake fails
    conn->close(); // BUG: double-close
    throw;
  }
  return conn;
}

std::shared_ptr<BackendConn> ConnPool::acquire() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ != State::Open)
      throw std::logic_error("pool " + addr_.name + " is closed");
    while (!idle_.empty()) {
      std::shared_ptr<BackendConn> c = std::move(idle_.back());
      idle_.pop_back();
      if (!c->isOpen()) {
        all_.erase(c->id());
        continue;
      }
      if (settings_.validateOnBorrow) {
        bool alive = false;
        try {
          alive = c->ping(); // OK: closed idle connections were skipped just above
        } catch (const BackendIoError &) {
          alive = false;
        }
        if (!alive) {
          c->close();
          all_.erase(c->id());
          continue;
        }
      }
      ++borrowed_;
      return c;
    }
    if (all_.size() + dialing_ >= settings_.maxSize)
      throw std::runtime_error("pool " + addr_.name + " exhausted (" +
                               std::to_string(settings_.maxSize) + " connections)");
    ++dialing_;
  }

  std::shared_ptr<BackendConn> fresh;
  try {
    fresh = createConn();
  } catch (...) {
    std::lock_guard<std::mutex> lk(mu_);
    --dialing_;
    throw;
  }

  std::lock_guard<std::mutex> lk(mu_);
  --dialing_;
  if (state_ != State::Open) {
    fresh->close(); // OK: never handed out or published; closed once, then we throw
    throw std::logic_error("pool " + addr_.name + " closed while connecting");
  }
  all_.emplace(fresh->id(), fresh);
  ++borrowed_;
  return fresh;
}

void ConnPool::release(std::shared_ptr<BackendConn> conn) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    --borrowed_;
    if (state_ != State::Open) {
      if (conn->isOpen())
        conn->close(); // OK: guarded; a stopping pool closes connections as they come back
      all_.erase(conn->id());
      return;
    }
  }

  // Scrub session state (SET values, temp tables, advisory locks) before the
  // next borrower sees this connection. Done without the pool lock: it is a
  // round trip to the backend.
  bool scrubbed = true;
  if (!settings_.resetQuery.empty()) {
    try {
      conn->send(wire::simpleQuery(settings_.resetQuery)); // SAME: release_reset
      scrubbed = conn->drainResult();
    } catch (const BackendIoError &) {
      scrubbed = false;
    }
  }

  std::lock_guard<std::mutex> lk(mu_);
  if (!scrubbed || !conn->isOpen() || state_ != State::Open || idle_.size() >= settings_.maxIdle) {
    if (conn->isOpen())
      conn->close(); // OK: guarded by isOpen(); this connection is not parked
    all_.erase(conn->id());
    return;
  }
  idle_.push_back(std::move(conn));
}

void ConnPool::discard(const std::shared_ptr<BackendConn> &conn) {
  const bool open = conn->isOpen();
  {
    std::lock_guard<std::mutex> lk(mu_);
    --borrowed_;
    all_.erase(conn->id());
  }
  if (open)
    conn->close(); // OK: decided by the state read above; the borrower is the only user of this connection
}

void ConnPool::prefill(std::size_t n) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ != State::Open)
      throw std::logic_error("prefill: pool " + addr_.name + " is closed");
    if (idle_.size() >= n)
      return;
    n -= idle_.size();
  }
  for (std::size_t i = 0; i < n; ++i) {
    std::shared_ptr<BackendConn> c = createConn();
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ != State::Open) {
      c->close(); // OK: the new connection was never published; closed once and we stop
      return;
    }
    all_.emplace(c->id(), c);
    idle_.push_back(std::move(c));
  }
}

void ConnPool::closeIdleLocked() {
  for (auto &c : idle_) {
    if (c->isOpen())
      c->close(); // OK: each idle connection is closed once and forgotten right below
    all_.erase(c->id());
  }
  idle_.clear();
}

void ConnPool::closeIdle() {
  std::lock_guard<std::mutex> lk(mu_);
  closeIdleLocked();
}

std::size_t ConnPool::shrink() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Open)
    return 0;
  const auto now = Clock::now();
  std::size_t closed = 0;
  // idle_ is used LIFO from the back, so the front holds the connections that
  // have waited longest.
  while (idle_.size() > settings_.minIdle &&
         now - idle_.front()->lastUsed() > settings_.idleTimeout) {
    idle_.front()->close();
    idle_.pop_front();
    ++closed;
  }
  return closed;
}

void ConnPool::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Open)
    return;
  state_ = State::Draining;
  closeIdleLocked();
}

void ConnPool::closeAll() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed)
    return;
  state_ = State::Closed;
  idle_.clear();
  // Every connection still in all_ is open: whoever closes a connection erases
  // it from all_ at the same time.
  for (auto &entry : all_)
    entry.second->close(); // BUG: double-close
}

ConnPool::Stats ConnPool::stats() const {
  std::lock_guard<std::mutex> lk(mu_);
  Stats s;
  s.idle = idle_.size();
  s.borrowed = borrowed_;
  s.total = all_.size();
  return s;
}

} // namespace sqlproxy

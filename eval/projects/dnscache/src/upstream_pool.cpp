// Pool of upstream connections, checked out one query at a time.
#include "dnscache/upstream_pool.h"

#include <sstream>

#include "dnscache/logging.h"

namespace dnscache {

UpstreamPool::UpstreamPool(std::vector<std::string> addresses, std::size_t perUpstream)
    : perUpstream_(perUpstream ? perUpstream : 1) {
  for (auto &a : addresses) {
    Upstream u;
    u.address = std::move(a);
    upstreams_.push_back(std::move(u));
  }
}

UpstreamPool::~UpstreamPool() {
  // Don't leak sockets when the owner never called closeAll().
  for (auto &kv : all_)
    kv.second->close(); // SAME: pooldtor
}

std::shared_ptr<UpstreamConnection> UpstreamPool::takeLocked(std::size_t upstream) {
  Upstream &u = upstreams_[upstream];
  if (!u.idle.empty()) {
    auto conn = std::move(u.idle.front());
    u.idle.pop_front();
    return conn;
  }
  if (u.open >= perUpstream_)
    return nullptr;
  auto conn = UpstreamConnection::open(nextId_++, upstream, u.address);
  if (conn) {
    ++u.open;
    all_.emplace(conn->id(), conn);
  }
  return conn;
}

std::size_t UpstreamPool::connectAll() {
  std::lock_guard<std::mutex> lk(mu_);
  std::size_t opened = 0;
  for (std::size_t i = 0; i < upstreams_.size(); ++i) {
    if (auto conn = takeLocked(i)) {
      upstreams_[i].idle.push_back(std::move(conn));
      ++opened;
    }
  }
  return opened;
}

std::shared_ptr<UpstreamConnection> UpstreamPool::acquire() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || upstreams_.empty())
    return nullptr;
  for (std::size_t k = 0; k < upstreams_.size(); ++k) {
    const std::size_t i = (next_ + k) % upstreams_.size();
    if (!upstreams_[i].up)
      continue;
    if (auto conn = takeLocked(i)) {
      next_ = i + 1;
      return conn;
    }
  }
  return nullptr;
}

std::shared_ptr<UpstreamConnection> UpstreamPool::checkout(std::size_t upstream) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || upstream >= upstreams_.size())
    return nullptr;
  return takeLocked(upstream);
}

void UpstreamPool::release(std::shared_ptr<UpstreamConnection> conn) {
  if (!conn)
    return;
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || conn->isClosed() || all_.count(conn->id()) == 0)
    return; // shutting down, or retired meanwhile: just drop our reference
  upstreams_[conn->upstreamIndex()].idle.push_back(std::move(conn));
}

void UpstreamPool::retire(const std::shared_ptr<UpstreamConnection> &conn) {
  if (!conn)
    return;
  std::lock_guard<std::mutex> lk(mu_);
  if (!conn->isClosed())
    conn->close(); // OK: every close of a pooled connection happens under mu_, so the isClosed() check cannot go stale before this close
  if (all_.erase(conn->id()) > 0) {
    Upstream &u = upstreams_[conn->upstreamIndex()];
    if (u.open > 0)
      --u.open;
  }
}

void UpstreamPool::markDown(std::size_t upstream) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || upstream >= upstreams_.size())
    return;
  Upstream &u = upstreams_[upstream];
  u.up = false;
  // Parked sockets to a dead upstream are useless: close them now.
  // Checked-out ones are retired by whoever holds them.
  for (auto &conn : u.idle) {
    conn->close(); // OK: parked connections are open (release() never parks a closed one) and only the pool can reach them
    all_.erase(conn->id());
    if (u.open > 0)
      --u.open;
  }
  u.idle.clear();
}

void UpstreamPool::markUp(std::size_t upstream) {
  std::lock_guard<std::mutex> lk(mu_);
  if (upstream < upstreams_.size())
    upstreams_[upstream].up = true;
}

bool UpstreamPool::isUp(std::size_t upstream) const {
  std::lock_guard<std::mutex> lk(mu_);
  return upstream < upstreams_.size() && upstreams_[upstream].up;
}

std::size_t UpstreamPool::upstreamCount() const {
  std::lock_guard<std::mutex> lk(mu_);
  return upstreams_.size();
}

std::string UpstreamPool::address(std::size_t upstream) const {
  std::lock_guard<std::mutex> lk(mu_);
  return upstream < upstreams_.size() ? upstreams_[upstream].address : std::string();
}

std::string UpstreamPool::describe() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::ostringstream os;
  for (const Upstream &u : upstreams_) {
    int late = 0;
    for (const auto &conn : u.idle)
      if (!conn->isClosed())
        late += conn->rxQueueBytes(); // OK: parked connections are closed only under mu_, which is held here, and isClosed() was checked
    os << u.address << (u.up ? " up" : " down") << " open=" << u.open
       << " idle=" << u.idle.size() << " late_bytes=" << late << '\n';
  }
  return os.str();
}

void UpstreamPool::closeAll() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  for (auto &kv : all_)
    kv.second->close(); // SAME: upshutdown
  int late = 0;
  for (auto &kv : all_)
    late += kv.second->rxQueueBytes(); // BUG: use-after-close — every connection was closed by the loop above; rxQueueBytes() throws std::logic_error once closed
  if (late > 0)
    logInfo("upstreams: %d bytes of late replies discarded", late);
  for (Upstream &u : upstreams_)
    u.idle.clear();
}

} // namespace dnscache

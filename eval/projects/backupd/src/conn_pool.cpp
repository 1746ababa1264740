// ConnPool: see conn_pool.h. Every connection lives in all_ for the lifetime
// of the pool; idle_ holds the ones not handed out. Idle connections are
// touched only under mu_ (acquire, release, markDown, keepalive, closeAll).
#include "backupd/conn_pool.h"

#include <algorithm>
#include <stdexcept>

#include "backupd/storage_protocol.h"

namespace backupd {

ConnPool::ConnPool(const std::vector<Endpoint> &endpoints, std::size_t perEndpoint,
                   std::chrono::seconds keepalive)
    : keepaliveInterval_(keepalive) {
  for (const Endpoint &ep : endpoints) {
    endpoints_.insert(ep.name());
    for (std::size_t i = 0; i < perEndpoint; ++i) {
      auto conn = std::make_shared<StorageConn>(ep.host, ep.port);
      conn->connect(); // a failed connect leaves it closed; acquire() reconnects lazily
      all_.push_back(conn);
      idle_.push_back(conn);
    }
  }
}

ConnPool::~ConnPool() {
  closeAll(); // OK: closeAll() is idempotent (closed_) and skips closed connections
}

bool ConnPool::anyEndpointUpLocked() const {
  return std::any_of(endpoints_.begin(), endpoints_.end(),
                     [this](const std::string &ep) { return down_.count(ep) == 0; });
}

std::shared_ptr<StorageConn> ConnPool::acquire() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (closed_)
      throw std::runtime_error("connection pool closed");
    if (!anyEndpointUpLocked())
      throw std::runtime_error("no storage endpoint available");
    auto it = std::find_if(idle_.begin(), idle_.end(), [this](const auto &c) {
      return down_.count(c->endpoint()) == 0;
    });
    if (it != idle_.end()) {
      std::shared_ptr<StorageConn> conn = *it;
      idle_.erase(it);
      if (!conn->isOpen() && !conn->reconnect()) {
        conn->close(); // BUG: double-close
        throw std::runtime_error("cannot reconnect to " + conn->endpoint());
      }
      return conn;
    }
    available_.wait(lock);
  }
}

void ConnPool::release(std::shared_ptr<StorageConn> conn, bool healthy) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    const bool down = down_.count(conn->endpoint()) != 0;
    if ((!healthy || closed_ || down) && conn->isOpen())
      conn->close(); // OK: checked isOpen() first
    if (!closed_ && !down)
      idle_.push_back(std::move(conn));
  }
  available_.notify_one();
}

void ConnPool::markDown(const std::shared_ptr<StorageConn> &failed) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    const std::string ep = failed->endpoint();
    down_.insert(ep);
    failed->close(); // SAME: markdown
    for (auto &conn : idle_) {
      if (conn->endpoint() == ep && conn->isOpen())
        conn->close(); // OK: other (idle) connections of that endpoint, each checked isOpen()
    }
    idle_.erase(std::remove_if(idle_.begin(), idle_.end(),
                               [&ep](const auto &c) { return c->endpoint() == ep; }),
                idle_.end());
  }
  available_.notify_all();
}

void ConnPool::closeAll() {
  stopKeepalive();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    closed_ = true;
    for (auto &conn : all_) {
      if (conn->isOpen())
        conn->close(); // OK: runs once (closed_) and skips the connections already closed
    }
    idle_.clear();
  }
  available_.notify_all();
}

void ConnPool::startKeepalive() {
  std::lock_guard<std::mutex> lock(mu_);
  if (keepalive_.joinable() || closed_)
    return;
  stopKeepalive_ = false;
  keepalive_ = std::thread([this] { keepaliveLoop(); });
}

void ConnPool::stopKeepalive() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopKeepalive_ = true;
  }
  keepaliveCv_.notify_all();
  if (keepalive_.joinable())
    keepalive_.join();
}

void ConnPool::keepaliveLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopKeepalive_) {
    if (keepaliveCv_.wait_for(lock, keepaliveInterval_, [this] { return stopKeepalive_; }))
      break;
    for (auto &conn : idle_) {
      if (!*conn)
        continue;
      try {
        conn->send(proto::kPing); // OK: idle connections are touched only under mu_, which closeAll() also holds
        conn->recvLine();
      } catch (const std::runtime_error &) {
        conn->close(); // OK: send()/recvLine() report I/O errors without closing; checked open (operator bool) above
      }
    }
  }
}

} // namespace backupd

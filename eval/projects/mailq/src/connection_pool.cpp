// ConnectionPool: idle SMTP connections per destination host (see connection_pool.h).
#include "mailq/connection_pool.h"

#include <exception>
#include <stdexcept>
#include <utility>
#include <vector>

#include "mailq/log.h"
#include "mailq/smtp_io.h"

namespace mailq {

ConnectionPool::ConnectionPool(std::uint16_t port, std::string helo)
    : port_(port), helo_(std::move(helo)) {}

ConnectionPool::~ConnectionPool() {
  stopReaper();
  closeAll(); // OK: closeAll() empties the pool, so connections already quit are not seen again
}

std::shared_ptr<SmtpConnection> ConnectionPool::acquire(const std::string &host) {
  std::shared_ptr<SmtpConnection> conn;
  {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = idle_.find(host);
    if (it != idle_.end()) {
      conn = std::move(it->second);
      idle_.erase(it);
    }
  }
  if (conn && conn->isOpen())
    return conn;

  conn = std::make_shared<SmtpConnection>(host, port_);
  conn->connect();
  const SmtpReply hello = smtp_io::greet(*conn, helo_);
  if (!hello.ok()) {
    smtp_io::abortQuietly(*conn);
    throw std::runtime_error("smtp greeting from " + host + " refused: " +
                             std::to_string(hello.code) + " " + hello.text);
  }
  return conn;
}

void ConnectionPool::release(const std::string &host,
                             std::shared_ptr<SmtpConnection> conn) {
  // The next transaction on this session must start from a clean state.
  const SmtpReply reset = conn->command("RSET"); // SAME: release_after_421
  if (!reset.ok()) {
    smtp_io::abortQuietly(*conn);
    return;
  }
  std::shared_ptr<SmtpConnection> surplus;
  {
    std::lock_guard<std::mutex> lk(mu_);
    std::shared_ptr<SmtpConnection> &slot = idle_[host];
    if (slot)
      surplus = std::move(conn);
    else
      slot = std::move(conn);
  }
  if (surplus)
    surplus->quit(); // the host already has an idle session
}

void ConnectionPool::closeHost(const std::string &host) {
  std::shared_ptr<SmtpConnection> conn;
  {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = idle_.find(host);
    if (it == idle_.end())
      return;
    conn = std::move(it->second);
    idle_.erase(it);
  }
  smtp_io::closeGracefully(*conn);
}

void ConnectionPool::closeAll() {
  std::unordered_map<std::string, std::shared_ptr<SmtpConnection>> victims;
  {
    std::lock_guard<std::mutex> lk(mu_);
    victims.swap(idle_);
  }
  for (auto &entry : victims) {
    SmtpConnection &c = *entry.second;
    if (!c.isOpen())
      continue;
    try {
      c.quit(); // OK: each idle connection is quit once, after the isOpen() check
    } catch (const std::exception &e) {
      logWarn("pool: QUIT to " + entry.first + " failed: " + e.what());
      if (c.isOpen())
        c.close(); // OK: guarded, quit() failed before it closed the socket
    }
  }
}

void ConnectionPool::startReaper(std::chrono::seconds maxIdle) {
  std::lock_guard<std::mutex> lk(mu_);
  if (reaper_.joinable())
    return;
  stopReaper_ = false;
  reaper_ = std::thread([this, maxIdle] {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stopReaper_) {
      if (reaperCv_.wait_for(lock, std::chrono::seconds(1),
                             [this] { return stopReaper_; }))
        break;
      // Idle connections are taken out of the pool before they are closed,
      // so no delivery can acquire one that is being shut down.
      std::vector<std::shared_ptr<SmtpConnection>> stale;
      const SmtpConnection::Clock::time_point now = SmtpConnection::Clock::now();
      for (auto it = idle_.begin(); it != idle_.end();) {
        if (now - it->second->lastUsed() > maxIdle) {
          stale.push_back(std::move(it->second));
          it = idle_.erase(it);
        } else {
          ++it;
        }
      }
      lock.unlock();
      for (const std::shared_ptr<SmtpConnection> &c : stale) {
        try {
          smtp_io::closeGracefully(*c);
        } catch (const std::exception &e) {
          logWarn("pool: reaping " + c->host() + ": " + e.what());
        }
      }
      lock.lock();
    }
  });
}

void ConnectionPool::stopReaper() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopReaper_ = true;
  }
  reaperCv_.notify_all();
  if (reaper_.joinable())
    reaper_.join();
}

std::size_t ConnectionPool::idleCount() const {
  std::lock_guard<std::mutex> lk(mu_);
  return idle_.size();
}

} // namespace mailq

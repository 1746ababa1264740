// FieldbusPool: idle fieldbus connections shared by the blower and diverter controllers.
// acquire() throws after shutdown(); a connection handed back after shutdown(), or beyond
// the idle limit, is closed on arrival, and one that its borrower already closed is just
// dropped. Negative file: every close here runs once per connection.
#include "fieldbus_pool.h"

#include <stdexcept>

namespace tubed {

FieldbusPool::FieldbusPool(std::string endpoint, std::size_t max_idle)
    : endpoint_(std::move(endpoint)), max_idle_(max_idle) {}

FieldbusPool::~FieldbusPool() {
  shutdown(); // OK: idempotent (shut_ checked under mu_)
}

Lease FieldbusPool::acquire() {
  std::unique_ptr<FieldbusConnection> conn;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_) throw std::runtime_error("fieldbus pool shut down");
    if (!idle_.empty()) {
      conn = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (!conn) conn = open_one();
  return Lease(shared_from_this(), std::move(conn));
}

void FieldbusPool::give_back(std::unique_ptr<FieldbusConnection> conn) {
  if (!conn || conn->closed()) return;  // the borrower closed it: drop it
  std::lock_guard<std::mutex> lk(mu_);
  if (shut_ || idle_.size() >= max_idle_) {
    conn->close(); // OK: still open (checked above) and owned only by this call
    return;
  }
  idle_.push_back(std::move(conn));
}

void FieldbusPool::shutdown() {
  std::vector<std::unique_ptr<FieldbusConnection>> idle;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_) return;
    shut_ = true;
    idle.swap(idle_);
  }
  for (auto& conn : idle) conn->close(); // OK: only open connections are pooled, and each is closed once
}

bool FieldbusPool::accepting() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !shut_;
}

std::unique_ptr<FieldbusConnection> FieldbusPool::open_one() {
  auto conn = std::make_unique<FieldbusConnection>(endpoint_, next_id_++);
  Status s = conn->connect();
  if (!s.is_ok()) throw std::runtime_error("fieldbus connect failed: " + s.to_string());
  return conn;
}

}  // namespace tubed

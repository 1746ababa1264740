// TransactionManager: live transactions keyed by id. begin() moves the new transaction
// into the map and keeps using it through the raw pointer (the object does not move);
// advance() drives the transition table; abort_all() closes every transaction, and reap()
// later drops the closed ones.
#include "transaction_manager.h"

namespace tubed {

TransactionManager::TransactionManager(Transaction::Sink sink) : sink_(std::move(sink)) {}

std::uint64_t TransactionManager::begin(const std::string& from, const std::string& to) {
  std::lock_guard<std::mutex> lk(mu_);
  const std::uint64_t id = next_id_++;
  auto tx = std::make_unique<Transaction>(id, from, to, sink_);
  Transaction* raw = tx.get();
  sessions_.emplace(id, std::move(tx));
  started_[id] = std::chrono::steady_clock::now();
  raw->post("queued for " + to); // OK: the map owns the same Transaction; moving the unique_ptr moved only the pointer
  return id;
}

Status TransactionManager::advance(std::uint64_t id, TxEvent ev) {
  std::lock_guard<std::mutex> lk(mu_);
  Transaction* t = find_locked(id);
  if (t == nullptr) return Status::error(Code::NotFound, "no transaction " + std::to_string(id));
  if (t->closed()) return Status::error(Code::Closed, "transaction " + std::to_string(id) + " closed");
  Status s = fsm_.fire(*t, ev);
  if (!s.is_ok()) return s;
  if (!t->closed()) t->post(std::string("now ") + tx_state_name(t->state())); // OK: Confirm/Abort/Timeout rows close it; checked
  return Status::ok();
}

void TransactionManager::on_timeout(std::uint64_t id) {
  std::lock_guard<std::mutex> lk(mu_);
  Transaction* t = find_locked(id);
  if (t == nullptr || t->state() != TxState::InTransit) return;
  fsm_.fire(*t, TxEvent::Timeout);
  t->post("carrier overdue; parked at the nearest siding"); // BUG: use-after-close
}

void TransactionManager::abort_all(const std::string& reason) {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto& [id, t] : sessions_) {
    if (fsm_.allows(t->state(), TxEvent::Abort)) fsm_.fire(*t, TxEvent::Abort);
    t->close(reason); // OK: close() is idempotent; the Abort row may have closed it already
  }
}

Transaction* TransactionManager::find(std::uint64_t id) {
  std::lock_guard<std::mutex> lk(mu_);
  return find_locked(id);
}

std::vector<std::uint64_t> TransactionManager::active_ids() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::uint64_t> ids;
  for (const auto& [id, t] : sessions_) {
    if (!t->closed()) ids.push_back(id);
  }
  return ids;
}

std::vector<std::uint64_t> TransactionManager::overdue(std::chrono::seconds limit) const {
  std::lock_guard<std::mutex> lk(mu_);
  const auto now = std::chrono::steady_clock::now();
  std::vector<std::uint64_t> ids;
  for (const auto& [id, t] : sessions_) {
    auto it = started_.find(id);
    if (!t->closed() && it != started_.end() && now - it->second > limit) ids.push_back(id);
  }
  return ids;
}

std::size_t TransactionManager::reap() {
  std::lock_guard<std::mutex> lk(mu_);
  std::size_t dropped = 0;
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (it->second->closed()) {
      started_.erase(it->first);
      it = sessions_.erase(it);
      ++dropped;
    } else {
      ++it;
    }
  }
  return dropped;
}

bool TransactionManager::idle() const {
  std::lock_guard<std::mutex> lk(mu_);
  for (const auto& entry : sessions_) {
    if (!entry.second->closed()) return false;
  }
  return true;
}

Transaction* TransactionManager::find_locked(std::uint64_t id) {
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second.get();
}

}  // namespace tubed

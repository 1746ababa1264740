// TransactionManager: the live transactions keyed by id. Pointers returned by find()
// stay valid until reap() (control thread only) drops closed transactions.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "transaction.h"
#include "transaction_fsm.h"

namespace tubed {

class TransactionManager {
 public:
  explicit TransactionManager(Transaction::Sink sink);

  std::uint64_t begin(const std::string& from, const std::string& to);
  Status advance(std::uint64_t id, TxEvent ev);
  void on_timeout(std::uint64_t id);
  void abort_all(const std::string& reason);
  Transaction* find(std::uint64_t id);
  std::vector<std::uint64_t> active_ids() const;
  std::vector<std::uint64_t> overdue(std::chrono::seconds limit) const;
  std::size_t reap();
  bool idle() const;

 private:
  Transaction* find_locked(std::uint64_t id);

  mutable std::mutex mu_;
  std::unordered_map<std::uint64_t, std::unique_ptr<Transaction>> sessions_;
  std::unordered_map<std::uint64_t, std::chrono::steady_clock::time_point> started_;
  TransactionFsm fsm_;
  Transaction::Sink sink_;
  std::uint64_t next_id_ = 1;
};

}  // namespace tubed

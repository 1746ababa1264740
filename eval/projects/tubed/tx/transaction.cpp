// Transaction: one carrier trip. post() records an update and shows it at the sending
// ward until the transaction is closed, then answers Code::Closed. close() is idempotent:
// the first reason wins. Negative file: no call here runs on a closed transaction.
#include "transaction.h"

namespace tubed {

const char* tx_state_name(TxState s) {
  switch (s) {
    case TxState::Idle:
      return "idle";
    case TxState::Dispatched:
      return "dispatched";
    case TxState::InTransit:
      return "in-transit";
    case TxState::Arrived:
      return "arrived";
    case TxState::Done:
      return "done";
    case TxState::Aborted:
      return "aborted";
  }
  return "?";
}

Transaction::Transaction(std::uint64_t id, std::string from, std::string to, Sink sink)
    : id_(id), from_(std::move(from)), to_(std::move(to)), sink_(std::move(sink)) {}

std::uint64_t Transaction::id() const { return id_; }

const std::string& Transaction::from() const { return from_; }

const std::string& Transaction::to() const { return to_; }

TxState Transaction::state() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_;
}

void Transaction::set_state(TxState s) {
  std::lock_guard<std::mutex> lk(mu_);
  state_ = s;
}

Status Transaction::post(const std::string& update) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_) return Status::error(Code::Closed, "transaction " + std::to_string(id_) + " closed");
  updates_.push_back(update);
  if (sink_) sink_(from_, "TX " + std::to_string(id_) + " " + update);
  return Status::ok();
}

void Transaction::close(const std::string& reason) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_) return;
  closed_ = true;
  reason_ = reason;
  if (sink_) sink_(from_, "TX " + std::to_string(id_) + " closed: " + reason);
}

bool Transaction::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

std::string Transaction::reason() const {
  std::lock_guard<std::mutex> lk(mu_);
  return reason_;
}

}  // namespace tubed

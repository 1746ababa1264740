// TransactionFsm: the transition table of a carrier trip. Confirm, Abort and Timeout rows
// close the transaction in their action; Launch and Arrive rows post an update. Negative
// file: each action runs once, right after the state change; no row leaves Done or
// Aborted, and the manager never fires an event on a closed transaction.
#include "transaction_fsm.h"

namespace tubed {

namespace {
void announce_launch(Transaction& t) { t.post("launched towards " + t.to()); }
void announce_arrival(Transaction& t) { t.post("arrived at " + t.to()); }
void close_delivered(Transaction& t) { t.close("delivered"); }
void close_aborted(Transaction& t) { t.close("aborted"); }
void close_timed_out(Transaction& t) { t.close("timed out"); }
}  // namespace

TransactionFsm::TransactionFsm()
    : table_{
          {TxState::Idle, TxEvent::Launch, TxState::Dispatched, &announce_launch},
          {TxState::Dispatched, TxEvent::Depart, TxState::InTransit, nullptr},
          {TxState::InTransit, TxEvent::Arrive, TxState::Arrived, &announce_arrival},
          {TxState::Arrived, TxEvent::Confirm, TxState::Done, &close_delivered},
          {TxState::Dispatched, TxEvent::Abort, TxState::Aborted, &close_aborted},
          {TxState::InTransit, TxEvent::Abort, TxState::Aborted, &close_aborted},
          {TxState::Arrived, TxEvent::Abort, TxState::Aborted, &close_aborted},
          {TxState::Dispatched, TxEvent::Timeout, TxState::Aborted, &close_timed_out},
          {TxState::InTransit, TxEvent::Timeout, TxState::Aborted, &close_timed_out},
      } {}

Status TransactionFsm::fire(Transaction& tx, TxEvent ev) const {
  const TxState from = tx.state();
  for (const Row& row : table_) {
    if (row.from != from || row.event != ev) continue;
    tx.set_state(row.to);
    if (row.action != nullptr) row.action(tx);
    return Status::ok();
  }
  return Status::error(Code::Invalid, std::string("no transition from ") + tx_state_name(from));
}

bool TransactionFsm::allows(TxState s, TxEvent ev) const {
  for (const Row& row : table_) {
    if (row.from == s && row.event == ev) return true;
  }
  return false;
}

}  // namespace tubed

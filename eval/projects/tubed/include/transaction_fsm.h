// TransactionFsm: the transition table of a carrier transaction.
#pragma once

#include <vector>

#include "status.h"
#include "transaction.h"

namespace tubed {

enum class TxEvent { Launch, Depart, Arrive, Confirm, Abort, Timeout };

class TransactionFsm {
 public:
  using Action = void (*)(Transaction&);
  struct Row {
    TxState from;
    TxEvent event;
    TxState to;
    Action action;  // may be nullptr
  };

  TransactionFsm();
  // Applies the row for (tx.state(), ev): sets the new state, then runs the row's action.
  // Code::Invalid when the table has no such row.
  Status fire(Transaction& tx, TxEvent ev) const;
  bool allows(TxState s, TxEvent ev) const;

 private:
  std::vector<Row> table_;
};

}  // namespace tubed

// Writes a batch of entries to a Journal; commit() closes the journal and
// throws CommitError when the batch does not balance.
#pragma once
#include "ledger/journal.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace ledger {

struct CommitError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Entry {
  std::string account;
  long cents;
};

class BatchWriter {
public:
  explicit BatchWriter(Journal &journal) : journal_(journal) {}
  void add(const Entry &entry) { batch_.push_back(entry); }
  void commit();

private:
  Journal &journal_;
  std::vector<Entry> batch_;
};

} // namespace ledger

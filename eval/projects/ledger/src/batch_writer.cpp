// BatchWriter::commit(): on an unbalanced batch closes the journal and throws;
// otherwise appends every entry and syncs.
#include "ledger/batch_writer.h"

namespace ledger {

void BatchWriter::commit() {
  long total = 0;
  for (const Entry &entry : batch_)
    total += entry.cents;
  if (total != 0) {
    journal_.close();
    throw CommitError("unbalanced batch: " + std::to_string(total));
  }
  for (const Entry &entry : batch_)
    journal_.append(entry.account + " " + std::to_string(entry.cents)); // OK
  journal_.sync(); // OK
  batch_.clear();
}

} // namespace ledger

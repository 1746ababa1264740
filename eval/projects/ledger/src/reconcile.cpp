// Reconciliation: after a successful commit() the journal is open and the
// marker is appended (negative). The lenient variant swallows CommitError,
// whose path has closed the journal, and appends anyway (bug). closeDay()
// closes the journal and then appends the day's trailer (bug).
#include "ledger/batch_writer.h"
#include "ledger/journal.h"

#include <cstdio>

namespace ledger {

void reconcile(Journal &journal, BatchWriter &batch) {
  batch.commit();
  journal.append("RECONCILED"); // OK
}

void reconcileLenient(Journal &journal, BatchWriter &batch) {
  try {
    batch.commit();
  } catch (const CommitError &error) {
    std::fprintf(stderr, "reconcile: %s\n", error.what());
  }
  journal.append("RECONCILED"); // BUG: use-after-close
}

void closeDay(Journal &journal, const std::string &day) {
  journal.sync();
  journal.close();
  journal.append("END OF DAY " + day); // BUG: use-after-close
}

void closeDayGuarded(Journal &journal, const std::string &day, bool holiday) {
  if (holiday)
    journal.close();
  if (journal.isClosed())
    return;
  journal.append("END OF DAY " + day); // OK
}

} // namespace ledger

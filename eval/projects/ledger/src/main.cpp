// The ledger tool: commits one balanced batch, exports it and closes the
// journal twice (explicitly and in the destructor; close() is idempotent).
#include "ledger/batch_writer.h"
#include "ledger/journal.h"

#include <cstdio>
#include <exception>
#include <vector>

namespace ledger {
void reconcile(Journal &journal, BatchWriter &batch);
bool exportCsv(const char *path, const std::vector<Entry> &entries);
} // namespace ledger

int main() {
  try {
    ledger::Journal journal("ledger.journal");
    ledger::BatchWriter batch(journal);
    const std::vector<ledger::Entry> entries{{"cash", -500}, {"sales", 500}};
    for (const auto &entry : entries)
      batch.add(entry);
    ledger::reconcile(journal, batch);
    ledger::exportCsv("ledger.csv", entries);
    journal.close();
    journal.close(); // OK
  } catch (const std::exception &error) {
    std::fprintf(stderr, "ledger: %s\n", error.what());
    return 1;
  }
  return 0;
}

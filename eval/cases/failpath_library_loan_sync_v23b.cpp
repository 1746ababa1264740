// Library loans: each branch terminal journals loan and return events to a
// local FILE* and publishes them to the central catalogue through a
// repl::WalProducer. journalEvent() closes the journal and returns false when
// a write fails; publishEvent() closes the producer and throws SyncRejected
// when the catalogue would reject the event (unknown barcode).
// Negative case: every caller stops using the journal once journalEvent()
// reports failure, the rejection handler touches only the journal (still
// open) and never the closed producer, and the catch-up path checks
// isOpen() before sending.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "replication.h"

struct LoanEvent {
  std::string barcode;
  std::string patronId;
  bool isReturn = false;
};

enum class SyncStatus { Done, JournalFailed, Rejected };

class SyncRejected : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

static std::string encode(const LoanEvent &e) {
  return std::string(e.isReturn ? "RET " : "LOAN ") + e.barcode + " " + e.patronId;
}

static bool validBarcode(const std::string &b) {
  return b.size() == 14 && b.compare(0, 1, "3") == 0;
}

// On a write error the journal is closed and false is returned.
static bool journalEvent(std::FILE *journal, const LoanEvent &e) {
  if (std::fprintf(journal, "%s\n", encode(e).c_str()) < 0 || std::fflush(journal) != 0) {
    std::fclose(journal);
    return false;
  }
  return true;
}

// Closes the producer and throws SyncRejected for an event the catalogue
// would refuse; the terminal must be re-enrolled before publishing again.
static void publishEvent(repl::WalProducer &wal, const LoanEvent &e) {
  if (!validBarcode(e.barcode)) {
    wal.close();
    throw SyncRejected("unknown barcode " + e.barcode);
  }
  wal.send(encode(e));
}

SyncStatus syncBranch(repl::WalProducer &wal, const std::vector<LoanEvent> &events,
                      const std::string &journalPath) {
  std::FILE *journal = std::fopen(journalPath.c_str(), "a");
  if (!journal)
    return SyncStatus::JournalFailed;
  for (const LoanEvent &e : events) {
    if (!journalEvent(journal, e)) // OK: the previous call succeeded, so the journal is open
      return SyncStatus::JournalFailed;
    try {
      publishEvent(wal, e);
    } catch (const SyncRejected &r) {
      std::fprintf(journal, "REJECTED %s\n", r.what()); // OK: only the producer was closed
      std::fclose(journal); // OK: journalEvent() succeeded, the journal is still open
      return SyncStatus::Rejected;
    }
  }
  std::fputs("SYNC-END\n", journal); // OK: every journalEvent() succeeded
  std::fclose(journal); // OK
  wal.send("CHECKPOINT"); // OK: publishEvent() closes only on its throwing path
  return SyncStatus::Done;
}

// Replays events that were journaled while the catalogue link was down.
int catchUp(repl::WalProducer &wal, const std::vector<LoanEvent> &backlog) {
  int sent = 0;
  for (const LoanEvent &e : backlog) {
    if (!wal.isOpen())
      break;
    try {
      publishEvent(wal, e); // OK: isOpen() checked, a rejection ends the loop via break above
      ++sent;
    } catch (const SyncRejected &r) {
      std::fprintf(stderr, "catch-up stopped: %s\n", r.what());
    }
  }
  return sent;
}

int runBranchTerminal(repl::WalProducer &wal, const std::vector<LoanEvent> &today,
                      const std::vector<LoanEvent> &backlog) {
  int replayed = catchUp(wal, backlog);
  if (!wal.isOpen())
    return -2; // a backlog event was rejected: re-enrol before syncing today
  switch (syncBranch(wal, today, "/var/lib/loans/journal.txt")) {
  case SyncStatus::Done:
    wal.close();
    return replayed;
  case SyncStatus::JournalFailed:
    wal.close();
    return -1;
  case SyncStatus::Rejected:
    return -2;
  }
  return -3;
}

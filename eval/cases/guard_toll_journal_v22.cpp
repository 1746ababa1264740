// Toll-road transaction journal. Gantry passages are journaled through a
// repl::WalProducer (send() on a closed producer fails with "replication
// channel closed"). A TollJournal wraps the producer with its own sealed_
// flag: seal() writes the day-end marker and closes the producer, append()
// returns false once sealed. The replay loop streams archived segments until
// the producer is closed.
// Defects: the replay loop closes the producer on the final segment and then
// sends the segment trailer in the same iteration; the audit path tests
// isOpen() and then calls seal(), and sends the audit stamp on the strength
// of that earlier test.
#include "replication.h"

#include <cstddef>
#include <string>
#include <vector>

namespace toll {

struct Passage {
  std::string plate;
  unsigned gantry;
  long cents;
};

class TollJournal {
public:
  explicit TollJournal(repl::WalProducer &wal) : wal_(wal) {}

  bool append(const Passage &p) {
    if (sealed_)
      return false;
    wal_.send(p.plate + "@" + std::to_string(p.gantry) + ":" + std::to_string(p.cents)); // OK: only seal() closes this producer, and it sets sealed_
    return true;
  }

  void seal(const std::string &day) {
    if (sealed_)
      return;
    wal_.send("DAY-END " + day);
    wal_.close();
    sealed_ = true;
  }

  bool sealed() const { return sealed_; }

private:
  repl::WalProducer &wal_;
  bool sealed_ = false;
};

void replaySegments(repl::WalProducer &wal, const std::vector<std::vector<std::string>> &segments) {
  if (segments.empty())
    return;
  std::size_t next = 0;
  while (!wal.is_closed()) {
    const auto &segment = segments[next];
    for (const auto &record : segment)
      wal.send(record); // OK: the loop condition checked is_closed(), nothing closes before this
    if (++next == segments.size())
      wal.close();
    wal.send("SEGMENT-END " + std::to_string(next)); // BUG: use-after-close
  }
}

void replaySegmentsFixed(repl::WalProducer &wal, const std::vector<std::vector<std::string>> &segments) {
  for (std::size_t i = 0; i < segments.size() && !wal.is_closed(); ++i) {
    for (const auto &record : segments[i])
      wal.send(record);
    wal.send("SEGMENT-END " + std::to_string(i + 1)); // OK: close() comes after the loop
  }
  if (!wal.is_closed())
    wal.close();
}

void endOfDayAudit(repl::WalProducer &wal, TollJournal &journal, const std::string &day) {
  const bool open = wal.isOpen();
  journal.seal(day);
  if (open)
    wal.send("AUDIT " + day + " signed"); // BUG: use-after-close
}

void lateGantryUpload(TollJournal &journal, repl::WalProducer &wal,
                      const std::vector<Passage> &late) {
  for (const auto &p : late)
    if (!journal.append(p))
      break;
  if (wal.is_closed())
    return;
  wal.send("LATE-UPLOAD " + std::to_string(late.size())); // OK: early return once closed
}

} // namespace toll

void runTollDay(repl::WalProducer &wal, const std::vector<toll::Passage> &passages,
                const std::vector<toll::Passage> &late) {
  toll::TollJournal journal(wal);
  for (const auto &p : passages)
    journal.append(p);
  toll::endOfDayAudit(wal, journal, "2024-06-30");
  toll::lateGantryUpload(journal, wal, late);
}

// Transaction journal for a key-value store. Journal::close() marks the
// journal closed first and then syncs, throwing std::runtime_error if the
// sync fails; append() on a closed journal and a second close() throw
// std::logic_error. Bugs: commit()'s catch handler closes again after a
// close() that may have thrown half-way; publishSegment() closes the channel
// and then calls a metrics helper that can throw, so the handler's error
// message goes out on a closed channel; exportCsv() fcloses the file inside
// the try and the catch handler writes a marker into it; checkpoint()'s
// handler appends to the journal whose close() ran (or threw after closing).
#include "messaging.h"
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class Journal {
public:
  void append(const std::string &Rec) {
    if (Closed)
      throw std::logic_error("Journal::append on closed journal");
    Pending.push_back(Rec);
    if (Pending.size() > 4096)
      throw std::runtime_error("journal segment full");
  }
  void close() {
    if (Closed)
      throw std::logic_error("Journal::close called twice");
    Closed = true;
    if (!sync())
      throw std::runtime_error("fsync failed, journal closed");
  }
  bool isClosed() const { return Closed; }

private:
  bool sync() { return Pending.size() % 512 != 511; }
  std::vector<std::string> Pending;
  bool Closed = false;
};

void recordSegmentMetrics(const std::string &Segment); // may throw
void openNextSegment(); // may throw std::runtime_error

bool commit(Journal &J, const std::vector<std::string> &Batch) {
  try {
    for (const std::string &R : Batch)
      J.append(R);
    J.close();
  } catch (const std::runtime_error &E) {
    std::fprintf(stderr, "commit failed: %s\n", E.what());
    J.close(); // BUG: double-close
    return false;
  }
  return true;
}

void checkpoint(Journal &J) {
  try {
    J.close();
    openNextSegment();
  } catch (const std::runtime_error &) {
    J.append("CHECKPOINT_FAILED"); // BUG: use-after-close
  }
}

bool abortBatch(Journal &J) {
  try {
    J.append("ABORT");
  } catch (const std::runtime_error &) {
    if (!J.isClosed())
      J.close(); // OK: guarded, and append() never closes the journal
    return false;
  }
  return true;
}

void publishSegment(cassandra::StreamingMultiplexedChannel &Ch, const std::string &Segment) {
  try {
    Ch.sendControlMessage({"SEGMENT", Segment});
    Ch.close();
    recordSegmentMetrics(Segment);
  } catch (const std::exception &E) {
    Ch.sendControlMessage({"SEGMENT_FAILED", E.what()}); // BUG: use-after-close
  }
}

int exportCsv(const char *Path, const std::vector<std::string> &Rows) {
  FILE *Fp = std::fopen(Path, "w");
  if (!Fp)
    return -1;
  try {
    for (const std::string &R : Rows)
      std::fprintf(Fp, "%s\n", R.c_str());
    std::fclose(Fp);
    recordSegmentMetrics(Path);
  } catch (...) {
    std::fputs("# export interrupted\n", Fp); // BUG: use-after-close
    return -1;
  }
  return 0;
}

int main() {
  Journal J;
  commit(J, {"put a 1", "put b 2"});
  Journal J3;
  checkpoint(J3);
  Journal J2;
  abortBatch(J2);
  if (!J2.isClosed())
    J2.close();
  return exportCsv("/tmp/export.csv", {"a,1", "b,2"});
}

// Thatcher's yard: graded reed bundles are replicated to the co-operative's
// stock ledger over a repl::ReplicationChannel. The uplink closes the channel
// when the ledger rejects a batch (a grading dispute has to be settled by
// phone) and at the end of the day. Each sender looks at the channel's state
// before it writes; the shapes are the ones the yard's code grew over time.
#include "replication.h"

#include <cstdio>
#include <string>
#include <vector>

struct ReedBundle {
  std::string lot;
  int lengthCm;
  int grade;
};

static std::string frameFor(const ReedBundle &b) {
  return "bundle " + b.lot + " len=" + std::to_string(b.lengthCm) +
         " grade=" + std::to_string(b.grade);
}

class ReedUplink {
public:
  explicit ReedUplink(repl::ReplicationChannel &ch) : ch_(ch) {}

  void rejectBatch(const std::string &why) {
    if (ch_.IsClosed())
      return;
    ch_.send("reject " + why); // OK
    ch_.flush();
    ch_.close();
  }

  void shipBundle(const ReedBundle &b) {
    if (b.grade < minGrade_)
      rejectBatch("lot " + b.lot + " below grade");
    if (ch_.IsClosed() || busy_)
      return;
    busy_ = true;
    ch_.send(frameFor(b)); // OK
    busy_ = false;
  }

  void heartbeat(bool yardIdle) {
    if (yardIdle && ch_.connected())
      ch_.close();
    if (!ch_.connected())
      return;
    ch_.send("hb"); // OK
  }

  void drain(const std::vector<ReedBundle> &pending) {
    if (pending.size() > 500)
      rejectBatch("backlog of " + std::to_string(pending.size()));
    switch (ch_.state()) {
    case repl::LinkState::Open:
      break;
    case repl::LinkState::Connecting:
    case repl::LinkState::Draining:
    case repl::LinkState::Closed:
      std::printf("uplink not open, %zu bundles kept\n", pending.size());
      return;
    }
    for (const ReedBundle &b : pending)
      ch_.send(frameFor(b)); // OK
    ch_.flush(); // OK
  }

  void settleBatch(const std::vector<ReedBundle> &batch, bool ledgerRejected) {
    const bool live = !ch_.IsClosed();
    if (ledgerRejected)
      rejectBatch("batch of " + std::to_string(batch.size()));
    if (live)
      ch_.send("settled " + std::to_string(batch.size())); // BUG: use-after-close
  }

  void endOfDay(int bundlesGraded, bool disputeOpen) {
    if (disputeOpen)
      rejectBatch("dispute carried over");
    const bool closed = ch_.IsClosed();
    if (closed)
      return;
    ch_.send("eod graded=" + std::to_string(bundlesGraded)); // OK
    ch_.close();
  }

  void setMinGrade(int g) { minGrade_ = g; }

private:
  repl::ReplicationChannel &ch_;
  int minGrade_ = 2;
  bool busy_ = false;
};

void gradeMorning(ReedUplink &uplink, const std::vector<ReedBundle> &bundles) {
  for (const ReedBundle &b : bundles)
    uplink.shipBundle(b);
  uplink.heartbeat(bundles.empty());
}

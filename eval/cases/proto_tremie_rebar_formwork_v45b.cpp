// Tremie pour tickets for bored-pile concreting. A ticket is filled in with
// chained setters (truck, volume, slump, tremie pipe embedment, notes) that
// return *this, and commit() writes it to the pour ledger and closes it: a
// committed ticket refuses further edits (throws) and cannot be committed
// twice. Corrections after commit go on an amendment ticket from amend().
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PourTicket {
public:
  PourTicket(FILE *ledger, std::string pileId, int revision = 0)
      : ledger_(ledger), pile_(std::move(pileId)), revision_(revision) {}

  PourTicket &truck(const std::string &id) { edit("truck"); truck_ = id; return *this; }
  PourTicket &volume(double m3) { edit("volume"); volume_ = m3; return *this; }
  PourTicket &slump(int mm) { edit("slump"); slump_ = mm; return *this; }
  PourTicket &pipeEmbedment(double m) { edit("embedment"); embedment_ = m; return *this; }
  PourTicket &note(const std::string &text) {
    edit("note");
    notes_.push_back(text);
    return *this;
  }

  PourTicket &commit() {
    edit("commit");
    std::fprintf(ledger_, "%s r%d truck=%s vol=%.1f slump=%d emb=%.1f notes=%zu\n",
                 pile_.c_str(), revision_, truck_.c_str(), volume_, slump_, embedment_,
                 notes_.size());
    committed_ = true;
    return *this;
  }

  PourTicket amend() const { return PourTicket(ledger_, pile_, revision_ + 1); }
  bool committed() const { return committed_; }

private:
  void edit(const char *field) const {
    if (committed_)
      throw std::runtime_error("pour ticket " + pile_ + " closed, cannot set " + field);
  }

  FILE *ledger_;
  std::string pile_;
  int revision_;
  std::string truck_;
  double volume_ = 0.0;
  int slump_ = 0;
  double embedment_ = 0.0;
  std::vector<std::string> notes_;
  bool committed_ = false;
};

struct Pour {
  std::string pile;
  std::string truck;
  double m3;
  int slumpMm;
  double embedmentM;
  bool refusal;
};

void recordPour(FILE *ledger, const Pour &p) {
  PourTicket t(ledger, p.pile);
  t.truck(p.truck).volume(p.m3).slump(p.slumpMm);
  if (p.refusal)
    t.note("tremie refusal, pour stopped").commit();
  t.pipeEmbedment(p.embedmentM); // BUG: use-after-close
  if (!t.committed())
    t.commit(); // OK: guarded by committed()
}

void recordCutOff(FILE *ledger, const std::string &pile, double cutOffLevel) {
  PourTicket(ledger, pile)
      .note("cut-off level " + std::to_string(cutOffLevel))
      .commit()
      .note("cube samples taken"); // BUG: use-after-close
}

void correctVolume(FILE *ledger, const Pour &p, double measuredM3) {
  PourTicket t(ledger, p.pile);
  t.truck(p.truck).volume(p.m3).slump(p.slumpMm).pipeEmbedment(p.embedmentM).commit();
  if (measuredM3 == p.m3)
    return;
  PourTicket fix = t.amend(); // OK: amend() only reads the closed ticket
  fix.truck(p.truck)
      .volume(measuredM3)
      .note("volume corrected from delivery dockets")
      .commit();
}

int main() {
  FILE *ledger = std::fopen("pour-ledger.txt", "a");
  if (!ledger)
    return 1;
  try {
    recordPour(ledger, {"P-14", "TM-207", 8.0, 180, 2.5, false});
    correctVolume(ledger, {"P-15", "TM-211", 8.0, 190, 3.0, false}, 7.6);
    recordCutOff(ledger, "P-14", 12.35);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
  }
  std::fclose(ledger);
  return 0;
}

// Wool mill carding line: each batch of fleece is logged to its own batch
// file (sliver weights per doffer pass, neps counted by the camera), and a
// shift report summarises the batches. Batches are finished when the hopper
// runs empty; the shift report is written once at the end of the shift.
#include <fstream>
#include <map>
#include <string>
#include <vector>

struct SliverPass {
  int doffer;
  double gramsPerMetre;
  int neps;
};

class CardingBatchLog {
public:
  bool begin(const std::string &dir, const std::string &batchId) {
    batchId_ = batchId;
    passes_ = 0;
    out_.open(dir + "/" + batchId + ".card", std::ios::out | std::ios::trunc);
    if (!out_)
      return false;
    out_ << "batch " << batchId << "\n"; // OK
    return true;
  }

  void recordPass(const SliverPass &p) {
    out_ << p.doffer << ' ' << p.gramsPerMetre << ' ' << p.neps << '\n'; // SAME: carding-late-pass
    ++passes_;
  }

  void finish(bool hopperEmpty) {
    out_ << "passes " << passes_ << (hopperEmpty ? " hopper-empty" : " operator-stop") << '\n';
    out_.close();
  }

  bool isOpen() const { return out_.is_open(); }
  int passes() const { return passes_; }
  const std::string &batchId() const { return batchId_; }

private:
  std::ofstream out_;
  std::string batchId_;
  int passes_ = 0;
};

struct BatchRun {
  std::string batchId;
  std::vector<SliverPass> passes;
  bool hopperEmptiedEarly = false;
  std::size_t emptyAfter = 0;
};

int runBatch(CardingBatchLog &log, const std::string &dir, const BatchRun &run) {
  if (!log.begin(dir, run.batchId))
    return -1;
  for (std::size_t i = 0; i < run.passes.size(); ++i) {
    if (run.hopperEmptiedEarly && i == run.emptyAfter)
      log.finish(true);
    log.recordPass(run.passes[i]); // BUG: use-after-close #carding-late-pass
  }
  if (log.isOpen())
    log.finish(false); // OK
  return log.passes();
}

void writeShiftReport(const std::string &path, const std::map<std::string, int> &passesByBatch,
                      const std::string &foreman) {
  std::ofstream report(path);
  if (!report)
    return;
  int total = 0;
  for (const auto &entry : passesByBatch) {
    report << entry.first << ',' << entry.second << '\n';
    total += entry.second;
  }
  report.close();
  if (total == 0) {
    report.open(path + ".empty");
    if (report.is_open())
      report << "no batches carded\n"; // OK
    report.close();
  }
  report << "signed off by " << foreman << '\n'; // BUG: use-after-close
}

void appendNepAlarm(const std::string &path, const std::string &batchId, int neps) {
  std::ofstream alarms;
  alarms.open(path, std::ios::app);
  if (!alarms)
    return;
  alarms << batchId << " neps=" << neps << '\n';
  alarms.close();
  alarms.open(path + ".latest", std::ios::trunc);
  if (alarms)
    alarms << batchId << '\n'; // OK
}

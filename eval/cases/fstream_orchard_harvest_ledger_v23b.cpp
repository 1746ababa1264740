// Orchard harvest ledger: pickers' bin counts are written per block to a
// daily CSV ledger (std::ofstream) that the packhouse imports at night. When
// a rain stop is called the ledger is closed so the office can copy it, and
// reopened in append mode when picking resumes; counts recorded meanwhile are
// kept in a backlog. Yesterday's ledger is read back (std::ifstream) to carry
// over unfinished blocks.
// Defect: endDay() closes the ledger and then calls writeSummary(), whose
// TOTAL line is silently lost (the stream is closed, only failbit is set), so
// the packhouse import finds no total and rejects the day.
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

struct BinCount {
  std::string block;
  std::string picker;
  int bins = 0;
};

class HarvestLedger {
public:
  explicit HarvestLedger(std::string dir) : dir_(std::move(dir)) {}

  void startDay(const std::string &date) {
    path_ = dir_ + "/harvest-" + date + ".csv";
    out_.open(path_, std::ios::out | std::ios::trunc);
    out_ << "block,picker,bins\n";
    total_ = 0;
  }

  void record(const BinCount &c) {
    total_ += c.bins;
    if (!out_.is_open()) {
      backlog_.push_back(c);
      return;
    }
    out_ << c.block << ',' << c.picker << ',' << c.bins << '\n'; // OK: is_open() checked above
  }

  void rainStop() {
    out_.flush();
    out_.close();
  }

  void resume() {
    out_.open(path_, std::ios::out | std::ios::app);
    for (const BinCount &c : backlog_)
      out_ << c.block << ',' << c.picker << ',' << c.bins << '\n'; // OK: reopened just above
    backlog_.clear();
  }

  void endDay() {
    if (!out_.is_open())
      resume();
    out_.close();
    writeSummary(); // BUG: use-after-close #ledger_total
  }

private:
  void writeSummary() {
    out_ << "TOTAL,," << total_ << '\n'; // SAME: ledger_total
  }

  std::string dir_;
  std::string path_;
  std::ofstream out_;
  std::vector<BinCount> backlog_;
  int total_ = 0;
};

// Blocks with fewer bins than their quota yesterday are picked again today.
std::vector<std::string> carryOverBlocks(const std::string &yesterday,
                                         const std::map<std::string, int> &quota) {
  std::map<std::string, int> picked;
  std::ifstream in(yesterday);
  std::string line;
  std::getline(in, line); // header
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string block, picker, bins;
    std::getline(row, block, ',');
    std::getline(row, picker, ',');
    std::getline(row, bins, ',');
    if (block != "TOTAL" && !bins.empty())
      picked[block] += std::stoi(bins);
  }
  in.close();
  in.open(yesterday + ".corrections");
  while (std::getline(in, line)) // OK: reopened with open() above
    picked[line] = 0;
  std::vector<std::string> again;
  for (const auto &q : quota)
    if (picked[q.first] < q.second)
      again.push_back(q.first);
  return again;
}

void runHarvestDay(const std::vector<BinCount> &morning, const std::vector<BinCount> &afternoon,
                   bool rained) {
  HarvestLedger ledger("/srv/orchard/ledgers");
  ledger.startDay("2024-03-14");
  for (const BinCount &c : morning)
    ledger.record(c);
  if (rained)
    ledger.rainStop();
  for (const BinCount &c : afternoon)
    ledger.record(c);
  ledger.endDay();
}

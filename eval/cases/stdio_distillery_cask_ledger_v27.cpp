// Cask ledger for a distillery warehouse. Each rack's gauge readings go to a
// per-rack file opened fresh in every iteration; the daily summary is staged
// in a tmpfile() and copied to the ledger; the duty report is reopened after
// its header is written so that it is appended by a second pass.
// Negative case: every FILE* is either used before its fclose, reopened
// before the next use, or nulled and checked after it is closed.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct CaskReading {
  int rack;
  int cask;
  double litres;
  double abv;
};

static std::string rackPath(int rack) {
  return "/var/lib/warehouse/rack-" + std::to_string(rack) + ".gauge";
}

int writeRackFiles(const std::vector<std::vector<CaskReading>> &racks) {
  int written = 0;
  for (std::size_t r = 0; r < racks.size(); ++r) {
    FILE *f = std::fopen(rackPath(static_cast<int>(r)).c_str(), "w");
    if (!f)
      continue;
    for (const CaskReading &c : racks[r])
      std::fprintf(f, "%d %.1f %.2f\n", c.cask, c.litres, c.abv); // OK
    std::fclose(f);
    ++written;
  }
  return written;
}

bool copySummary(FILE *ledger, const std::vector<CaskReading> &all) {
  FILE *stage = std::tmpfile();
  if (!stage)
    return false;
  double litres = 0.0, lpa = 0.0;
  for (const CaskReading &c : all) {
    litres += c.litres;
    lpa += c.litres * c.abv / 100.0;
  }
  std::fprintf(stage, "casks=%zu litres=%.1f lpa=%.1f\n", all.size(), litres, lpa);
  std::rewind(stage);
  char buf[256];
  while (std::fgets(buf, sizeof buf, stage))
    std::fputs(buf, ledger);
  std::fclose(stage);
  return std::ferror(ledger) == 0;
}

class DutyReport {
public:
  explicit DutyReport(std::string path) : path_(std::move(path)) {}
  ~DutyReport() { close(); }

  bool writeHeader(int month) {
    out_ = std::fopen(path_.c_str(), "w");
    if (!out_)
      return false;
    std::fprintf(out_, "duty report month %02d\n", month);
    std::fclose(out_);
    out_ = std::fopen(path_.c_str(), "a");
    return out_ != nullptr;
  }

  void addLine(const CaskReading &c, double rate) {
    if (!out_)
      return;
    std::fprintf(out_, "%d/%d %.2f\n", c.rack, c.cask, c.litres * c.abv / 100.0 * rate); // OK
  }

  void close() {
    if (!out_)
      return;
    std::fclose(out_);
    out_ = nullptr;
  }

private:
  std::string path_;
  FILE *out_ = nullptr;
};

int closeDay(const std::vector<CaskReading> &all,
             const std::vector<CaskReading> &lateCorrections, double rate) {
  FILE *ledger = std::fopen("/var/lib/warehouse/ledger.txt", "a");
  if (!ledger)
    return 1;
  if (!copySummary(ledger, all)) {
    std::fclose(ledger);
    return 2;
  }
  std::fputs("-- end of day --\n", ledger); // OK
  std::fclose(ledger);

  DutyReport report("/var/lib/warehouse/duty.txt");
  if (!report.writeHeader(6))
    return 3;
  for (const CaskReading &c : all)
    report.addLine(c, rate);
  report.close();
  for (const CaskReading &c : lateCorrections)
    report.addLine(c, rate); // OK
  report.close(); // OK
  return 0;
}

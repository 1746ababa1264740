// Dive-log exporter for a pearl-diving cooperative: each day's dives are
// written as CSV rows (dives deeper than the cooperative's limit are counted
// as rejected and skipped), the log gets a row-count footer and is closed,
// and a per-diver pearl summary is appended for the harbour office. Incident
// notes go to a separate append-only file.
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

struct Dive {
  std::string diver;
  int depthM = 0;
  int bottomSeconds = 0;
  int oysters = 0;
  int pearls = 0;
};

namespace {

constexpr int kMaxDepthM = 40;

bool writeHeader(FILE *out) {
  return std::fputs("diver,depth_m,bottom_s,oysters,pearls\n", out) >= 0;
}

void writeRow(FILE *out, const Dive &d) {
  std::fprintf(out, "%s,%d,%d,%d,%d\n", d.diver.c_str(), d.depthM,
               d.bottomSeconds, d.oysters, d.pearls);
}

void writeDiverSummary(FILE *out, const std::string &diver, int pearls,
                       int oysters) {
  double rate = oysters > 0 ? static_cast<double>(pearls) / oysters : 0.0;
  std::fprintf(out, "# %s pearls=%d oysters=%d rate=%.3f\n", diver.c_str(), // SAME: summary
               pearls, oysters, rate);
}

int closeLog(FILE *out, int rows) {
  std::fprintf(out, "# rows=%d\n", rows);
  return std::fclose(out);
}

} // namespace

class DiveLogExporter {
public:
  DiveLogExporter(std::string logPath, std::string incidentPath)
      : logPath_(std::move(logPath)), incidentPath_(std::move(incidentPath)) {}

  bool exportDay(const std::vector<Dive> &dives);
  bool appendIncident(const std::string &note);
  int rejected() const { return rejected_; }

private:
  struct Tally {
    int pearls = 0;
    int oysters = 0;
  };

  std::string logPath_;
  std::string incidentPath_;
  int rejected_ = 0;
};

bool DiveLogExporter::exportDay(const std::vector<Dive> &dives) {
  FILE *out = std::fopen(logPath_.c_str(), "w");
  if (!out)
    return false;
  if (!writeHeader(out)) {
    std::fclose(out);
    return false;
  }

  std::map<std::string, Tally> byDiver;
  int rows = 0;
  for (const Dive &d : dives) {
    if (d.depthM > kMaxDepthM) {
      ++rejected_;
      appendIncident("depth limit exceeded by " + d.diver);
      continue;
    }
    writeRow(out, d); // OK
    Tally &t = byDiver[d.diver];
    t.pearls += d.pearls;
    t.oysters += d.oysters;
    ++rows;
  }

  if (closeLog(out, rows) != 0) // OK
    return false;

  for (const auto &entry : byDiver)
    writeDiverSummary(out, entry.first, entry.second.pearls, // BUG: use-after-close #summary
                      entry.second.oysters);
  return true;
}

bool DiveLogExporter::appendIncident(const std::string &note) {
  FILE *log = std::fopen(incidentPath_.c_str(), "a");
  if (!log)
    return false;
  std::fprintf(log, "%s\n", note.c_str());
  if (std::fclose(log) != 0) {
    std::fprintf(stderr, "incident log %s: close failed\n", // OK
                 incidentPath_.c_str());
    return false;
  }
  return true;
}

// Glacier mass-balance survey: reads the ablation-stake readings of a field
// campaign (one CSV per transect), computes the surface change per stake and
// writes a per-transect report plus a campaign summary. Every stream is used
// only while it is open: the report pointer is reassigned to a fresh stream
// before it is written again, and the error paths return right after closing.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

struct StakeReading {
  std::string stake;
  double prevExposureCm = 0.0;
  double exposureCm = 0.0;
};

namespace {

void closeStream(FILE *&fp) {
  if (fp) {
    std::fclose(fp);
    fp = nullptr;
  }
}

bool parseLine(char *line, StakeReading &out) {
  char *stake = std::strtok(line, ",");
  char *prev = std::strtok(nullptr, ",");
  char *now = std::strtok(nullptr, ",\r\n");
  if (!stake || !prev || !now)
    return false;
  out.stake = stake;
  out.prevExposureCm = std::atof(prev);
  out.exposureCm = std::atof(now);
  return true;
}

} // namespace

class TransectReporter {
public:
  explicit TransectReporter(std::string outDir) : outDir_(std::move(outDir)) {}

  bool processTransect(const std::string &name, const std::string &csvPath);
  bool writeSummary() const;

private:
  std::string outDir_;
  std::map<std::string, double> meanChangeCm_;
};

bool TransectReporter::processTransect(const std::string &name,
                                       const std::string &csvPath) {
  FILE *in = std::fopen(csvPath.c_str(), "r");
  if (!in)
    return false;

  std::vector<StakeReading> readings;
  char line[256];
  if (!std::fgets(line, sizeof line, in)) { // header row
    closeStream(in);
    return false;
  }
  while (std::fgets(line, sizeof line, in)) {
    StakeReading r;
    if (parseLine(line, r))
      readings.push_back(r);
  }
  const bool readError = std::ferror(in) != 0;
  closeStream(in); // OK
  if (readError || readings.empty())
    return false;

  FILE *out = std::fopen((outDir_ + "/" + name + "-stakes.txt").c_str(), "w");
  if (!out)
    return false;
  double total = 0.0;
  for (const StakeReading &r : readings) {
    const double change = r.exposureCm - r.prevExposureCm;
    total += change;
    std::fprintf(out, "%-8s %+7.1f cm\n", r.stake.c_str(), change);
  }
  if (std::fclose(out) != 0)
    return false;

  const double mean = total / static_cast<double>(readings.size());
  meanChangeCm_[name] = mean;

  if (std::fabs(mean) > 150.0) {
    out = std::fopen((outDir_ + "/" + name + "-CHECK.txt").c_str(), "w");
    if (!out)
      return true;
    std::fprintf(out, "mean change %.1f cm exceeds plausibility limit\n", // OK
                 mean);
    std::fclose(out); // OK
  }
  return true;
}

bool TransectReporter::writeSummary() const {
  FILE *out = std::fopen((outDir_ + "/campaign-summary.txt").c_str(), "w");
  if (!out)
    return false;
  for (const auto &entry : meanChangeCm_) {
    if (std::fprintf(out, "%s %+.1f\n", entry.first.c_str(), entry.second) < 0) {
      std::fclose(out); // OK
      return false;
    }
  }
  const long size = std::ftell(out);
  const bool ok = std::fclose(out) == 0;
  if (ok && size == 0)
    std::fputs("campaign summary is empty\n", stderr);
  return ok;
}

int runCampaign(const std::string &outDir,
                const std::map<std::string, std::string> &transects) {
  TransectReporter reporter(outDir);
  int failed = 0;
  for (const auto &t : transects)
    if (!reporter.processTransect(t.first, t.second))
      ++failed;
  if (!reporter.writeSummary())
    ++failed;
  return failed;
}

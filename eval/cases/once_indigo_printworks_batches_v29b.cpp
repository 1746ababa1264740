// Indigo printworks colour-match reporting. A print run is a sequence of dye
// batches; each batch's shade difference (delta E) against the master swatch
// is written to the run's report file. The quality export writes the run and
// ends the report; the shift export stops the report early when a batch drifts
// out of tolerance; the archive export writes one small file per batch.
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace indigo {

struct DyeBatch {
  std::string lot;
  double deltaE = 0.0;
  double vatTempC = 0.0;
  bool rejected = false;
};

struct PrintRun {
  std::string id;
  std::string pattern;
  std::vector<DyeBatch> batches;
};

bool exportQuality(const PrintRun &run, const std::string &path) {
  FILE *report = std::fopen(path.c_str(), "w");
  if (!report)
    return false;
  std::fprintf(report, "run,%s,pattern,%s\n", run.id.c_str(),
               run.pattern.c_str());
  for (const DyeBatch &b : run.batches) {
    std::fprintf(report, "%s,%.2f,%.1f,%s\n", b.lot.c_str(), b.deltaE, // BUG: use-after-close
                 b.vatTempC, b.rejected ? "REJECT" : "PASS");
    std::fclose(report); // BUG: double-close
  }
  return true;
}

bool exportShift(const PrintRun &run, const std::string &path) {
  FILE *report = std::fopen(path.c_str(), "w");
  if (!report)
    return false;
  const std::size_t n = run.batches.size();
  bool open = true;
  for (std::size_t i = 0; i < n; ++i) {
    const DyeBatch &b = run.batches[i];
    std::fprintf(report, "%s,%.2f\n", b.lot.c_str(), b.deltaE); // OK
    if (b.deltaE > 3.0) {
      std::fprintf(report, "# stopped at %s: shade drift\n", b.lot.c_str()); // OK
      std::fclose(report);
      open = false;
      break;
    }
    if (i + 1 == n) {
      std::fputs("# end of run\n", report); // OK
      std::fclose(report);
      open = false;
    }
  }
  if (open)
    std::fclose(report); // OK
  return true;
}

int archiveBatches(const PrintRun &run, const std::string &dir) {
  int written = 0;
  for (const DyeBatch &b : run.batches) {
    std::string path = dir + "/" + run.id + "-" + b.lot + ".txt";
    FILE *card = std::fopen(path.c_str(), "w");
    if (!card)
      continue;
    std::fprintf(card, "lot %s\ndeltaE %.2f\n", b.lot.c_str(), b.deltaE); // OK
    if (std::fclose(card) == 0) // OK
      ++written;
  }
  return written;
}

} // namespace indigo

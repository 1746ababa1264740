// End-of-night reports. Lines are formatted on the chore worker because the
// flux look-ups hit the source catalogue on disk; the calibrator notes are
// appended to a running file kept across nights.
#include "dawn_precis.h"

#include "chores.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

namespace {
double catalogueFlux(const std::string &source) {
  std::ifstream catalogue("/var/lib/dishd/flux_catalogue.txt");
  std::string name;
  double jansky = 0.0;
  while (catalogue >> name >> jansky)
    if (name == source)
      return jansky;
  return 0.0;
}

// Writes the précis header, or closes the (useless) file and returns false
// when there is nothing to report.
bool writeHeaderOrClose(std::FILE *fp, const std::vector<ScanRecord> &scans) {
  if (scans.empty()) {
    std::fclose(fp);
    return false;
  }
  std::fprintf(fp, "# dishd precis: %zu scans\n", scans.size());
  return true;
}
} // namespace

void writeDawnPrecis(ChoreQueue &chores, const std::string &path,
                     const std::vector<ScanRecord> &scans) {
  if (scans.empty())
    return;
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (out == nullptr)
    throw std::runtime_error("cannot write precis " + path);
  writeHeaderOrClose(out, scans);
  for (const ScanRecord &scan : scans) {
    chores.push([out, scan] {
      std::fprintf(out, "%-12s %7.1f s %10.1f counts %8.3f Jy\n", // OK
                   scan.source.c_str(), scan.seconds, scan.meanCounts,
                   catalogueFlux(scan.source));
    });
  }
  chores.waitIdle();
  std::fprintf(out, "# end of precis\n"); // OK
  std::fclose(out); // OK
}

void appendCalibratorNotes(ChoreQueue &chores, const std::string &path,
                           const std::vector<std::string> &calibrators) {
  std::FILE *notes = std::fopen(path.c_str(), "a");
  if (notes == nullptr)
    return;
  for (const std::string &name : calibrators) {
    chores.push([notes, name] {
      std::fprintf(notes, "calibrator %s catalogue flux %.3f Jy\n", name.c_str(), catalogueFlux(name)); // BUG: use-after-close #notes-race
    });
  }
  std::fclose(notes); // SAME: notes-race
}

// The end-of-show report: cue, hold and fault sections written to a ".part"
// file that is renamed into place once complete. emitSection() closes the
// stream itself when a write fails, so a broken report is never left open.
#include "showreport.h"
#include "fcloser.h"

#include <cstdio>

namespace cued {

namespace {

bool emitSection(std::FILE *fp, const char *title,
                 const std::vector<std::string> &rows) {
  if (std::fprintf(fp, "== %s (%zu) ==\n", title, rows.size()) < 0) {
    std::fclose(fp);
    return false;
  }
  for (const std::string &row : rows) {
    if (std::fprintf(fp, "%s\n", row.c_str()) < 0) {
      std::fclose(fp);
      return false;
    }
  }
  return true;
}

} // namespace

bool writeShowReport(const std::string &path, const ShowSummary &summary) {
  const std::string part = path + ".part";
  FilePtr report(std::fopen(part.c_str(), "w"));
  if (!report)
    return false;

  if (!emitSection(report.get(), "Cues", summary.cues) ||
      !emitSection(report.get(), "Holds", summary.holds) ||
      !emitSection(report.get(), "Faults", summary.faults)) {
    report.reset(); // BUG: double-close #reportclose
    std::remove(part.c_str());
    return false;
  }
  if (std::fflush(report.get()) != 0) {
    report.reset(); // OK: every section was written, so the stream is still open here
    std::remove(part.c_str());
    return false;
  }
  report.reset();
  return std::rename(part.c_str(), path.c_str()) == 0;
}

} // namespace cued

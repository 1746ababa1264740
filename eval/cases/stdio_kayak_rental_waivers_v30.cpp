// Kayak rental desk: at closing time the day's signed waivers are exported to
// a CSV file for the insurer, incidents are appended to a running log, and the
// next day's blank return sheet is started. A row that cannot be written
// aborts the export.
#include <cstdio>
#include <string>
#include <vector>

struct Waiver {
  std::string renter;
  std::string boat;
  int minors = 0;
  bool guardianSigned = false;
};

namespace {

bool writeWaiverRow(FILE *out, const Waiver &w) {
  if (w.renter.empty()) {
    std::fprintf(stderr, "waiver for boat %s has no renter name, aborting export\n",
                 w.boat.c_str());
    std::fclose(out);
    return false;
  }
  if (w.minors > 0 && !w.guardianSigned)
    std::fprintf(stderr, "warning: %s has minors without guardian signature\n",
                 w.renter.c_str());
  return std::fprintf(out, "%s,%s,%d,%s\n", w.renter.c_str(), w.boat.c_str(),
                      w.minors, w.guardianSigned ? "yes" : "no") > 0;
}

void writeExportFooter(FILE *out, std::size_t rows, std::size_t total) {
  std::fprintf(out, "# exported %zu of %zu waivers\n", rows, total); // SAME: kayak-footer
}

} // namespace

int exportDailyWaivers(const char *path, const std::vector<Waiver> &waivers) {
  FILE *out = std::fopen(path, "w");
  if (!out) {
    std::perror(path);
    return -1;
  }
  std::fputs("renter,boat,minors,guardian\n", out);

  std::size_t written = 0;
  for (const Waiver &w : waivers) {
    if (!writeWaiverRow(out, w))
      break;
    ++written;
  }
  writeExportFooter(out, written, waivers.size()); // BUG: use-after-close #kayak-footer
  if (std::fclose(out) != 0) // BUG: double-close
    return -1;
  return static_cast<int>(written);
}

int appendIncident(const char *logPath, const std::string &renter,
                   const std::string &what) {
  FILE *log = std::fopen(logPath, "a");
  if (!log)
    return -1;
  if (std::fprintf(log, "%s: %s\n", renter.c_str(), what.c_str()) < 0) {
    std::fclose(log);
    return -1;
  }
  if (std::fflush(log) != 0) { // OK
    std::fclose(log);
    return -1;
  }
  return std::fclose(log); // OK
}

FILE *startReturnSheet(FILE *current, const char *nextPath) {
  if (current)
    std::fclose(current);
  current = std::fopen(nextPath, "w");
  if (current)
    std::fputs("boat,returned_at,damage\n", current); // OK
  return current;
}

void closeReturnSheet(FILE *&sheet) {
  if (!sheet)
    return;
  std::fputs("# end of day\n", sheet);
  std::fclose(sheet);
  sheet = nullptr;
}

void endOfDay(FILE *&sheet, const char *tomorrowPath) {
  closeReturnSheet(sheet);
  closeReturnSheet(sheet); // OK
  sheet = startReturnSheet(sheet, tomorrowPath);
  if (sheet)
    std::fflush(sheet); // OK
}

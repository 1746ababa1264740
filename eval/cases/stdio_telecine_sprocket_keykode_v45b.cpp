// Telecine transfer bookkeeping. For every scanned camera roll the transfer
// suite writes a KeyKode-to-frame cross reference (<roll>.xref) and a
// sprocket damage report (<roll>.sprockets). Both writers are old C code
// carried into the C++ suite: all handles are declared up front and every
// exit funnels through a single `out:` label that closes the file. Damaged
// rolls are handed to the repair queue by file name. The night's batch log
// gets one line per roll and a closing count.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace telecine {

struct KeykodeEntry {
  long frame;
  char prefix[8];
  int feet;
  int perfs;
};

struct RollScan {
  std::string rollId;
  std::vector<KeykodeEntry> entries;
  int tornSprockets = 0;
  int splicesSeen = 0;
};

static std::vector<std::string> g_repairQueue;

static void queueForRepair(const char *path) { g_repairQueue.emplace_back(path); }

// Returns 0 on success, -1 on any I/O failure.
int writeRollXref(const RollScan &scan, const char *dir) {
  static char iobuf[1 << 16];
  int rc = -1;
  char path[512];
  FILE *xref = nullptr;

  std::snprintf(path, sizeof path, "%s/%s.xref", dir, scan.rollId.c_str());
  xref = std::fopen(path, "w");
  if (!xref)
    return -1;
  std::setvbuf(xref, iobuf, _IOFBF, sizeof iobuf);

  if (std::fprintf(xref, "# roll %s, %zu keykodes\n", scan.rollId.c_str(),
                   scan.entries.size()) < 0)
    goto out;
  for (const KeykodeEntry &e : scan.entries) {
    if (std::fprintf(xref, "%ld %s %04d+%02d\n", e.frame, e.prefix, e.feet,
                     e.perfs) < 0)
      goto out;
  }
  if (scan.tornSprockets > 0) {
    std::fprintf(xref, "# damaged: %d torn sprockets\n", scan.tornSprockets);
    std::fclose(xref);
    queueForRepair(path);
    goto out;
  }
  if (std::fflush(xref) != 0)
    goto out;
  rc = 0;
out:
  std::fclose(xref); // BUG: double-close
  return rc;
}

// Returns 0 on success, -1 on any I/O failure. Clean rolls keep no report.
int writeSprocketReport(const RollScan &scan, const char *dir) {
  int rc = -1;
  char path[512];
  FILE *report = nullptr;

  std::snprintf(path, sizeof path, "%s/%s.sprockets", dir, scan.rollId.c_str());
  report = std::fopen(path, "w");
  if (!report)
    return -1;
  std::setvbuf(report, nullptr, _IOLBF, 0);

  if (std::fprintf(report, "roll=%s torn=%d splices=%d\n", scan.rollId.c_str(),
                   scan.tornSprockets, scan.splicesSeen) < 0)
    goto out;
  if (scan.tornSprockets == 0 && scan.splicesSeen == 0) {
    std::fclose(report);
    report = nullptr;
    std::remove(path);
    rc = 0;
    goto out;
  }
  for (const KeykodeEntry &e : scan.entries) {
    if (e.perfs == 0 && std::fprintf(report, "check %s %04d\n", e.prefix, e.feet) < 0)
      goto out;
  }
  rc = 0;
out:
  if (report)
    std::fclose(report); // OK
  return rc;
}

// Appends one line per roll to the night's batch log and a count at the end.
int appendBatchLog(const char *logPath, const std::vector<RollScan> &rolls) {
  int rc = -1;
  size_t logged = 0;
  FILE *log = std::fopen(logPath, "a");
  if (!log)
    return -1;
  for (const RollScan &r : rolls) {
    if (std::fprintf(log, "%s %zu keykodes %d torn\n", r.rollId.c_str(), r.entries.size(),
                     r.tornSprockets) < 0) {
      std::fclose(log);
      goto out;
    }
    ++logged;
  }
  rc = 0;
out:
  std::fprintf(log, "# %zu of %zu rolls logged\n", logged, rolls.size()); // BUG: use-after-close
  std::fclose(log); // BUG: double-close
  return rc;
}

int transferBatch(const std::vector<RollScan> &rolls, const char *dir) {
  int failures = 0;
  for (const RollScan &r : rolls) {
    if (writeRollXref(r, dir) != 0)
      ++failures;
    if (writeSprocketReport(r, dir) != 0)
      ++failures;
  }
  if (appendBatchLog("telecine-batch.log", rolls) != 0)
    ++failures;
  std::fflush(nullptr);
  std::fprintf(stderr, "telecine: %zu rolls, %d failures, %zu for repair\n",
               rolls.size(), failures, g_repairQueue.size());
  return failures;
}

} // namespace telecine

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  std::vector<telecine::RollScan> rolls(2);
  rolls[0].rollId = "A047";
  rolls[0].entries.push_back({0, "KJ 22", 1200, 0});
  rolls[1].rollId = "A048";
  rolls[1].tornSprockets = 3;
  return telecine::transferBatch(rolls, dir) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

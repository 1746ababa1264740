// Roasting-pit journal for a mezcal palenque: every agave batch that goes into
// the earthen pit gets a line in a size-rotated journal, batch sheets are
// imported from CSV files, and a nightly summary is piped to the label printer.
// Three mistakes: when rotation fails at the rename step the caller falls
// back to the FILE* it saved before rotating, which the rotation already
// closed; the importer closes the sheet again after the parser already closed
// it on a bad row; and the summary printer closes the pipe early for an empty
// day but does not return, so the total is written to the closed pipe and
// pclose() runs a second time.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace palenque {

constexpr long kMaxJournalBytes = 64 * 1024;

struct PitJournal {
  FILE* fp = nullptr;
  std::string path;
  long bytes = 0;
  int generation = 0;
};

struct BatchSheet {
  int pit = 0;
  double agave_kg = 0.0;
};

static bool journal_open(PitJournal& j) {
  j.fp = std::fopen(j.path.c_str(), "a");
  j.bytes = 0;
  return j.fp != nullptr;
}

// Closes the current journal, renames it aside and opens a fresh one.
static bool journal_rotate(PitJournal& j) {
  if (j.fp) {
    std::fflush(j.fp);
    std::fclose(j.fp);
    j.fp = nullptr;
  }
  std::string aside = j.path + "." + std::to_string(++j.generation);
  if (std::rename(j.path.c_str(), aside.c_str()) != 0) {
    std::perror("rename");
    return false;
  }
  return journal_open(j);
}

static void journal_close(PitJournal& j) {
  if (j.fp) {
    std::fclose(j.fp);
    j.fp = nullptr;
  }
}

void journal_line(PitJournal& j, const char* line) {
  if (j.bytes > kMaxJournalBytes) {
    FILE* previous = j.fp;
    if (!journal_rotate(j)) {
      std::fprintf(stderr, "journal rotation failed, keeping old file\n");
      if (previous) std::fprintf(previous, "%s\n", line);  // BUG: use-after-close
      return;
    }
  }
  if (!j.fp) return;
  int n = std::fprintf(j.fp, "%s\n", line);  // OK: open, or reopened by a successful rotation
  if (n > 0) j.bytes += n;
}

void journal_shutdown(PitJournal& j) {
  journal_close(j);
  journal_close(j);  // OK: journal_close nulls the member, the second call is a no-op
  if (j.fp) std::fflush(j.fp);  // OK: guarded by the null check
}

// Parses "pit,kg" rows. On a malformed row the sheet is closed here and
// false is returned.
static bool parse_sheet(FILE* in, std::vector<BatchSheet>& out) {
  char buf[128];
  while (std::fgets(buf, sizeof buf, in)) {
    BatchSheet s;
    if (std::sscanf(buf, "%d,%lf", &s.pit, &s.agave_kg) != 2) {
      std::fclose(in);
      return false;
    }
    out.push_back(s);
  }
  return true;
}

bool import_batches(const char* path, std::vector<BatchSheet>& out) {
  FILE* in = std::fopen(path, "r");
  if (!in) return false;
  if (!parse_sheet(in, out)) {
    std::fprintf(stderr, "bad row in %s\n", path);
    std::fclose(in);  // BUG: double-close
    return false;
  }
  bool eof = std::feof(in) != 0;  // OK: parser closes only on the error path handled above
  std::fclose(in);  // OK: single close on the success path
  return eof;
}

int print_summary(const std::vector<BatchSheet>& batches) {
  FILE* lp = ::popen("lpr -P pit-labels", "w");
  if (!lp) return -1;
  if (batches.empty()) {
    std::fputs("no batches roasted today\n", lp);
    ::pclose(lp);
  }
  double total = 0.0;
  for (const BatchSheet& b : batches) {
    std::fprintf(lp, "pit %d: %.1f kg\n", b.pit, b.agave_kg);
    total += b.agave_kg;
  }
  std::fprintf(lp, "total %.1f kg\n", total);  // BUG: use-after-close
  return ::pclose(lp);  // BUG: double-close
}

}  // namespace palenque

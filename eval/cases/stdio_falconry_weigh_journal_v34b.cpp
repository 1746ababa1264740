// Weigh journal of a falconry mews: each bird has its own journal file in
// which the morning flying weight is appended. A weekly report pipes all
// journals through sort(1). Correct throughout: every fclose either nulls the
// member and the later writes test it, or the helper that closes on error
// returns the error and the caller returns before touching the stream; the
// freopen() result is checked before the stream is used again; pclose runs
// once per popen.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

struct Bird {
  std::string name;
  FILE *journal = nullptr;
  int last_grams = 0;
};

enum class JournalStatus { Ok, OpenFailed, WriteFailed };

JournalStatus open_journal(Bird &b, const std::string &dir) {
  std::string path = dir + "/" + b.name + ".wgt";
  b.journal = std::fopen(path.c_str(), "a+");
  return b.journal ? JournalStatus::Ok : JournalStatus::OpenFailed;
}

// Writes one line; on failure the journal is closed and nulled so nobody
// keeps writing into a broken file.
static JournalStatus append_weight(Bird &b, int grams) {
  if (!b.journal)
    return JournalStatus::WriteFailed;
  if (std::fprintf(b.journal, "%s %d\n", b.name.c_str(), grams) < 0 || std::fflush(b.journal) != 0) {
    std::fclose(b.journal);
    b.journal = nullptr;
    return JournalStatus::WriteFailed;
  }
  b.last_grams = grams;
  return JournalStatus::Ok;
}

JournalStatus morning_weigh(Bird &b, int grams, int flying_weight) {
  JournalStatus st = append_weight(b, grams);
  if (st != JournalStatus::Ok)
    return st;
  if (grams < flying_weight - 30)
    std::fprintf(b.journal, "  note: %s under flying weight\n", b.name.c_str()); // OK: append_weight succeeded, journal open
  return JournalStatus::Ok;
}

void close_journal(Bird &b) {
  if (b.journal) {
    std::fclose(b.journal);
    b.journal = nullptr;
  }
}

void moult_season(Bird &b) {
  close_journal(b);
  close_journal(b); // OK: second call sees the nulled member and does nothing
  if (b.journal)
    std::fputs("moulting\n", b.journal); // OK: guarded by the nulled member
}

// Truncates the journal at the start of a season by reopening the same stream.
bool new_season(Bird &b, const std::string &dir) {
  if (!b.journal)
    return false;
  std::string path = dir + "/" + b.name + ".wgt";
  FILE *again = std::freopen(path.c_str(), "w", b.journal);
  if (!again) {
    b.journal = nullptr;
    return false;
  }
  b.journal = again;
  std::fprintf(b.journal, "# season start for %s\n", b.name.c_str()); // OK: freopen succeeded
  return true;
}

bool weekly_report(const std::string &dir, const std::vector<Bird> &mews, FILE *out) {
  std::string cmd = "sort -k2 -n " + dir + "/*.wgt";
  FILE *p = popen(cmd.c_str(), "r");
  if (!p)
    return false;
  char line[128];
  int lines = 0;
  while (std::fgets(line, sizeof line, p)) { // OK: pipe open until pclose below
    std::fputs(line, out);
    ++lines;
  }
  int rc = pclose(p);
  if (rc != 0)
    return false;
  std::fprintf(out, "%d entries for %zu birds\n", lines, mews.size()); // OK: out is the caller's stream, not the pipe
  return true;
}

void end_of_day(std::vector<Bird> &mews) {
  for (Bird &b : mews)
    close_journal(b);
  for (Bird &b : mews) {
    if (!b.journal)
      continue;
    std::fflush(b.journal); // OK: skipped for every closed (nulled) journal
  }
}

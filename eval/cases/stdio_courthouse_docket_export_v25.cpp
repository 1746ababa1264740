// Courthouse docket export: the clerk's nightly job writes tomorrow's docket
// for each courtroom to its own text file, builds the combined calendar in a
// tmpfile() spool and copies it to the public calendar file, and appends one
// line per courtroom to the export journal. Correct: every FILE* is closed
// exactly once, on each error path the function returns right after the
// fclose, the spool is read back only before it is closed, and the journal
// pointer is nulled on close and checked before every write.
#include <cstdio>
#include <string>
#include <vector>

struct Hearing {
  std::string time;
  std::string caseNumber;
  std::string judge;
  std::string matter;
};

struct Courtroom {
  std::string name;
  std::vector<Hearing> hearings;
};

static FILE *g_journal = nullptr;

static void journalLine(const char *room, int count, const char *status) {
  if (!g_journal)
    return;
  std::fprintf(g_journal, "%s\t%d\t%s\n", room, count, status); // OK
}

static void closeJournal() {
  if (g_journal) {
    std::fclose(g_journal);
    g_journal = nullptr;
  }
}

static int writeRoomDocket(const std::string &dir, const Courtroom &room, FILE *spool) {
  std::string path = dir + "/" + room.name + ".txt";
  FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return -1;
  std::fprintf(out, "DOCKET - %s\n\n", room.name.c_str());
  for (const Hearing &h : room.hearings) {
    if (std::fprintf(out, "%-6s %-14s %-18s %s\n", h.time.c_str(), h.caseNumber.c_str(),
                     h.judge.c_str(), h.matter.c_str()) < 0) {
      std::fclose(out);
      return -1;
    }
    std::fprintf(spool, "%s|%s|%s\n", h.time.c_str(), room.name.c_str(), h.caseNumber.c_str());
  }
  if (std::fclose(out) != 0) // OK
    return -1;
  return static_cast<int>(room.hearings.size());
}

static bool copySpool(FILE *spool, const std::string &calendarPath) {
  FILE *cal = std::fopen(calendarPath.c_str(), "w");
  if (!cal)
    return false;
  std::rewind(spool);
  char buf[512];
  bool ok = true;
  while (std::fgets(buf, sizeof buf, spool)) { // OK
    if (std::fputs(buf, cal) == EOF) {
      ok = false;
      break;
    }
  }
  if (std::fclose(cal) != 0)
    ok = false;
  return ok;
}

int exportDocket(const std::string &dir, const std::vector<Courtroom> &rooms) {
  g_journal = std::fopen((dir + "/export.journal").c_str(), "a");
  FILE *spool = std::tmpfile();
  if (!spool) {
    closeJournal();
    return -1;
  }

  int failures = 0;
  for (const Courtroom &room : rooms) {
    int n = writeRoomDocket(dir, room, spool);
    journalLine(room.name.c_str(), n, n < 0 ? "FAILED" : "ok");
    if (n < 0)
      ++failures;
  }

  bool copied = copySpool(spool, dir + "/calendar.txt");
  std::fclose(spool);
  journalLine("calendar", copied ? 1 : 0, copied ? "ok" : "FAILED");
  closeJournal();
  return failures == 0 && copied ? 0 : -1;
}

int nightlyRun(const std::string &dir, const std::vector<Courtroom> &rooms) {
  int rc = exportDocket(dir, rooms);
  journalLine("nightly", rc, rc == 0 ? "ok" : "FAILED"); // OK
  closeJournal(); // OK
  return rc;
}

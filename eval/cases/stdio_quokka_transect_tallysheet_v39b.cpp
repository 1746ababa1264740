// Ranger crews walk fixed transects and record quokka sightings into a daily
// CSV tally sheet. The sheet rotates at the day boundary (close, then reopen
// the next day's file), totals are mailed through popen("mail"), and at the end
// of the day close_with_totals() writes the totals and fcloses the sheet.
// close_with_totals() does not clear TallySheet::fp, so end_of_day() appending
// the sign-off line afterwards, and late_radio_report() appending a sighting
// after close_with_totals(), both write to a closed FILE* (append_row() only
// checks for nullptr).
#include <cstdio>
#include <string>
#include <vector>

struct Sighting {
  int transect;
  int adults;
  int joeys;
};

struct TallySheet {
  FILE* fp = nullptr;
  std::string path;
  int rows = 0;
  int adults = 0;
  int joeys = 0;
};

static bool open_sheet(TallySheet& s, const std::string& path) {
  s.fp = std::fopen(path.c_str(), "a");
  if (!s.fp) return false;
  s.path = path;
  s.rows = s.adults = s.joeys = 0;
  std::fprintf(s.fp, "transect,adults,joeys\n");
  return true;
}

static void append_row(TallySheet& s, const Sighting& x) {
  if (!s.fp) return;
  std::fprintf(s.fp, "%d,%d,%d\n", x.transect, x.adults, x.joeys);  // SAME: late
  s.rows++;
  s.adults += x.adults;
  s.joeys += x.joeys;
}

// Writes the totals line and closes the sheet; false if the data did not reach
// the kernel.
static bool close_with_totals(TallySheet& s) {
  std::fprintf(s.fp, "# rows=%d adults=%d joeys=%d\n", s.rows, s.adults, s.joeys);
  bool ok = std::fflush(s.fp) == 0;
  std::fclose(s.fp);
  return ok;
}

static bool rotate(TallySheet& s, const std::string& next_path) {
  if (s.fp) {
    std::fclose(s.fp);  // OK: closed once, pointer cleared on the next line
    s.fp = nullptr;
  }
  if (!open_sheet(s, next_path)) return false;
  std::fprintf(s.fp, "# continued from previous sheet\n");  // OK: reopened by open_sheet
  return true;
}

void record_day(TallySheet& s, const std::vector<Sighting>& xs, const std::string& tomorrow) {
  for (const Sighting& x : xs) {
    if (x.transect < 0) {  // sentinel row marks midnight
      if (!rotate(s, tomorrow)) return;
      continue;
    }
    append_row(s, x);  // OK: sheet was reopened by rotate() or never closed
  }
}

int mail_totals(const TallySheet& s, const char* to) {
  std::string cmd = std::string("mail -s quokka-tally ") + to;
  FILE* m = popen(cmd.c_str(), "w");
  if (!m) return -1;
  if (std::fprintf(m, "sheet=%s rows=%d\n", s.path.c_str(), s.rows) < 0) {
    pclose(m);
    return -1;
  }
  std::fprintf(m, "adults=%d joeys=%d\n", s.adults, s.joeys);  // OK: failing branch returned
  return pclose(m);  // OK: single pclose on this path
}

bool end_of_day(TallySheet& s, const char* ranger) {
  if (!s.fp) return false;
  bool ok = close_with_totals(s);
  std::fprintf(s.fp, "# signed off by %s\n", ranger);  // BUG: use-after-close
  return ok;
}

// A sighting radioed in while the day was being closed is still appended.
void late_radio_report(TallySheet& s, const Sighting& late) {
  if (!s.fp) return;
  close_with_totals(s);
  append_row(s, late);  // BUG: use-after-close #late
}

bool end_of_day_cleared(TallySheet& s, const char* ranger) {
  if (!s.fp) return false;
  std::fprintf(s.fp, "# signed off by %s\n", ranger);  // OK: still open
  bool ok = close_with_totals(s);
  s.fp = nullptr;
  mail_totals(s, "rangers@rottnest.example");  // OK: reads the counters only, not fp
  return ok;
}

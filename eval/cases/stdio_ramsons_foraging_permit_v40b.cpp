// Ramsons (wild garlic) foraging permit desk at a forest ranger station. Each
// day's permits are written to a day sheet (FILE* in PermitDesk); at midnight
// the sheet is closed and the next day's sheet opened, and at the end of the
// season a zone report is produced by piping the permits through sort(1).
// Correct code: every close either nulls the pointer (and later writes check for
// null), or is followed by a return, or by a reopen that is checked; the header
// helper closes the sheet only on the path where it returns false, and the
// caller drops the pointer on that path.
#include <cstdio>
#include <string>
#include <vector>

struct Permit {
  std::string holder;
  int zone = 0;
  int basket_litres = 0;
};

struct PermitDesk {
  FILE *sheet = nullptr;
  FILE *tally = nullptr;
  std::string day;
  int issued = 0;
};

// Writes the sheet header; on failure the sheet is closed and false returned.
static bool write_header(FILE *fp, const std::string &day) {
  if (std::fprintf(fp, "ramsons permits for %s\n", day.c_str()) < 0) {
    std::fclose(fp);
    return false;
  }
  return true;
}

static bool open_day(PermitDesk &d, const std::string &day) {
  d.day = day;
  std::string name = "permits-" + day + ".txt";
  d.sheet = std::fopen(name.c_str(), "w");
  if (!d.sheet)
    return false;
  if (!write_header(d.sheet, day)) {
    d.sheet = nullptr;
    return false;
  }
  std::fflush(d.sheet); // OK: header helper closed it only when it returned false
  return true;
}

static void close_day(PermitDesk &d) {
  if (!d.sheet)
    return;
  std::fprintf(d.sheet, "total issued: %d\n", d.issued);
  std::fclose(d.sheet);
  d.sheet = nullptr;
}

static bool issue(PermitDesk &d, const Permit &p) {
  if (!d.sheet)
    return false;
  std::fprintf(d.sheet, "%s zone=%d basket=%dL\n", p.holder.c_str(), p.zone, p.basket_litres); // OK: null-checked, close_day nulls it
  ++d.issued;
  if (d.tally)
    std::fprintf(d.tally, "%d\n", p.zone);
  return true;
}

static void roll_over(PermitDesk &d, const std::string &next_day) {
  close_day(d);
  d.issued = 0;
  if (!open_day(d, next_day))
    return;
  std::fputs("# carried over from previous day\n", d.sheet); // OK: reopened by open_day
}

static int sorted_zone_report(const std::vector<Permit> &permits) {
  FILE *sorter = popen("sort -n > zones.txt", "w");
  if (!sorter)
    return -1;
  for (const auto &p : permits)
    std::fprintf(sorter, "%d %s\n", p.zone, p.holder.c_str());
  int rc = pclose(sorter);
  if (rc != 0)
    return -1;
  FILE *in = std::fopen("zones.txt", "r");
  if (!in)
    return -1;
  char line[256];
  int rows = 0;
  while (std::fgets(line, sizeof line, in))
    ++rows;
  std::fclose(in);
  return rows;
}

static void end_season(PermitDesk &d) {
  close_day(d);
  if (d.tally) {
    std::fclose(d.tally);
    d.tally = nullptr;
  }
}

int run_season(const std::vector<std::vector<Permit>> &days) {
  PermitDesk desk;
  desk.tally = std::fopen("zone-tally.txt", "a");
  std::vector<Permit> all;
  int day_no = 0;
  for (const auto &permits : days) {
    std::string day = "day" + std::to_string(++day_no);
    if (day_no == 1) {
      if (!open_day(desk, day))
        break;
    } else {
      roll_over(desk, day);
    }
    for (const auto &p : permits) {
      if (!issue(desk, p))
        break;
      all.push_back(p);
    }
  }
  close_day(desk);
  end_season(desk); // OK: close_day returns early once the sheet is null
  issue(desk, Permit{"late walk-in", 4, 10}); // OK: issue() refuses when the sheet is null
  return sorted_zone_report(all);
}

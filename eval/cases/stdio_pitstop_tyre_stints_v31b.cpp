// Endurance motor racing pit wall: the team's timing PC writes every tyre
// stint to a stint sheet with C stdio. The sheet is switched to the next
// session's file with freopen(), a car that retires gets its own incident
// note, and the race is closed out with the team's total laps. When no car
// completed a lap, the close-out closes the sheet early and falls through.
#include <cstdio>
#include <string>
#include <vector>

namespace pitwall {

struct Stint {
  std::string car;
  std::string compound;
  long laps;
};

class StintSheet {
public:
  explicit StintSheet(const std::string &path) : file_(std::fopen(path.c_str(), "a")) {}
  ~StintSheet() {
    if (file_)
      std::fclose(file_); // OK
  }

  void record(const Stint &s) {
    if (!file_)
      return;
    std::fprintf(file_, "%s %s %ld\n", s.car.c_str(), s.compound.c_str(), s.laps); // OK: nulled when freopen fails
  }

  void nextSession(const std::string &sessionPath) {
    if (!file_)
      return;
    if (!std::freopen(sessionPath.c_str(), "a", file_)) {
      file_ = nullptr;
      return;
    }
    std::fputs("# new session\n", file_); // OK: freopen reuses the stream
  }

private:
  std::FILE *file_;
};

void incidentNote(const std::string &car, const std::string &cause) {
  std::FILE *note = std::fopen(("/srv/pitwall/incidents/" + car + ".txt").c_str(), "w");
  if (!note)
    return;
  std::fprintf(note, "retired: %s\n", cause.c_str());
  std::fclose(note);
  note = nullptr;
  if (note)
    std::fputs("stewards informed\n", note); // OK: nulled after fclose
}

void closeOutRace(std::FILE *sheet, const std::vector<Stint> &stints) {
  long total = 0;
  for (const Stint &s : stints)
    total += s.laps;
  if (total == 0)
    std::fclose(sheet);
  std::fprintf(sheet, "RACE TOTAL %ld laps\n", total); // BUG: use-after-close
  std::fclose(sheet); // BUG: double-close
}

} // namespace pitwall

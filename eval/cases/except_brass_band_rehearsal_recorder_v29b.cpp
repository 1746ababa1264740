// Brass band rehearsal recorder. After a rehearsal the set list is exported as
// a text sheet and every take is written to a take log. Formatting a take can
// throw (a take without a part assignment, a bad tempo marking). The set list
// export closes the file as the last statement of its try block and closes it in
// the handler otherwise; the take log handler closes the file and reports the
// truncation; the attendance roll is appended once every take has been checked.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace brassband {

struct Take {
  std::string piece;
  std::string part;
  int number = 0;
  int tempoBpm = 0;
};

struct Rehearsal {
  std::string date;
  std::string conductor;
  std::vector<std::string> setList;
  std::vector<Take> takes;
};

class TakeFormatError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

void logWarning(const std::string &msg);

static std::string formatTake(const Take &t) {
  if (t.part.empty())
    throw TakeFormatError("take " + std::to_string(t.number) + " has no part");
  if (t.tempoBpm <= 0 || t.tempoBpm > 240)
    throw TakeFormatError("take " + std::to_string(t.number) + " bad tempo");
  return t.piece + " / " + t.part + " #" + std::to_string(t.number) + " @" +
         std::to_string(t.tempoBpm);
}

bool exportSetList(const Rehearsal &r, const std::string &path) {
  FILE *sheet = std::fopen(path.c_str(), "w");
  if (!sheet)
    return false;
  try {
    std::fprintf(sheet, "Rehearsal %s, conductor %s\n", r.date.c_str(),
                 r.conductor.c_str());
    for (const std::string &piece : r.setList)
      std::fprintf(sheet, "  %s\n", piece.c_str());
    for (const Take &t : r.takes)
      std::fprintf(sheet, "  take: %s\n", formatTake(t).c_str());
    std::fclose(sheet);
  } catch (const TakeFormatError &e) {
    std::fprintf(sheet, "  (export stopped: %s)\n", e.what()); // OK
    std::fclose(sheet); // OK
    logWarning(e.what());
    return false;
  }
  return true;
}

int writeTakeLog(const Rehearsal &r, const std::string &path) {
  FILE *log = std::fopen(path.c_str(), "a");
  if (!log)
    return -1;
  int written = 0;
  try {
    for (const Take &t : r.takes) {
      std::string line = formatTake(t);
      std::fprintf(log, "%s %s\n", r.date.c_str(), line.c_str());
      ++written;
    }
  } catch (const TakeFormatError &e) {
    std::fclose(log);
    logWarning(std::string("take log truncated: ") + e.what());
  }
  std::fprintf(log, "-- %d takes --\n", written); // BUG: use-after-close
  std::fclose(log); // BUG: double-close
  return written;
}

bool appendAttendance(const Rehearsal &r, const std::vector<std::string> &players,
                      const std::string &path) {
  FILE *roll = std::fopen(path.c_str(), "a");
  if (!roll)
    return false;
  try {
    for (const Take &t : r.takes)
      formatTake(t);
  } catch (const TakeFormatError &e) {
    std::fclose(roll);
    logWarning(std::string("attendance not recorded: ") + e.what());
    return false;
  }
  for (const std::string &p : players)
    std::fprintf(roll, "%s %s\n", r.date.c_str(), p.c_str()); // OK
  return std::fclose(roll) == 0; // OK
}

} // namespace brassband

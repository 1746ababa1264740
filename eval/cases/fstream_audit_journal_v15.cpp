// Audit journal of an admin console: every privileged action is appended to
// a daily file through a std::ofstream. At midnight the journal is closed
// and reopened on the next day's file; during maintenance it is closed and
// writes are refused until reopen(). Old journals are verified with
// std::ifstream, one file after the other on the same stream object.
// Correct (no defect): every write after a close() goes to a stream that
// was reopened with open() and checked with is_open(), or is skipped by an
// is_open() guard; the ifstream is reopened (and cleared) before each read.
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace console {

class AuditJournal {
public:
  explicit AuditJournal(std::string Dir) : Dir(std::move(Dir)) {}
  ~AuditJournal();
  void openDay(const std::string &Day);
  bool record(const std::string &User, const std::string &Action);
  void rollOver(const std::string &NextDay);
  void beginMaintenance();
  void endMaintenance();

private:
  std::string pathFor(const std::string &Day) const { return Dir + "/audit-" + Day + ".log"; }
  std::string Dir;
  std::string CurrentDay;
  std::ofstream Out;
};

AuditJournal::~AuditJournal() {
  if (Out.is_open()) {
    Out << "-- journal closed\n";
    Out.close();
  }
}

void AuditJournal::openDay(const std::string &Day) {
  Out.open(pathFor(Day), std::ios::app);
  if (!Out.is_open())
    throw std::runtime_error("cannot open audit journal for " + Day);
  CurrentDay = Day;
}

bool AuditJournal::record(const std::string &User, const std::string &Action) {
  if (!Out.is_open())
    return false;
  Out << User << '\t' << Action << '\n';
  Out.flush();
  return static_cast<bool>(Out);
}

void AuditJournal::rollOver(const std::string &NextDay) {
  if (Out.is_open()) {
    Out << "-- end of " << CurrentDay << '\n';
    Out.close();
  }
  Out.clear();
  openDay(NextDay);
  Out << "-- start of " << NextDay << '\n'; // OK: openDay() reopened the stream or threw
}

void AuditJournal::beginMaintenance() {
  if (!Out.is_open())
    return;
  Out << "-- maintenance\n";
  Out.close();
}

void AuditJournal::endMaintenance() {
  if (Out.is_open())
    return;
  Out.clear();
  Out.open(pathFor(CurrentDay), std::ios::app);
  if (Out.is_open())
    Out << "-- resumed\n"; // OK: reopened and checked
}

class JournalVerifier {
public:
  std::size_t countEntries(const std::vector<std::string> &Paths);

private:
  std::ifstream In;
};

std::size_t JournalVerifier::countEntries(const std::vector<std::string> &Paths) {
  std::size_t Entries = 0;
  std::string Line;
  for (const std::string &P : Paths) {
    In.clear();
    In.open(P);
    if (!In.is_open())
      continue;
    while (std::getline(In, Line)) // OK: opened in this iteration
      if (!Line.empty() && Line.compare(0, 2, "--") != 0)
        ++Entries;
    In.close();
  }
  return Entries;
}

} // namespace console

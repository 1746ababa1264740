// Varroa monitoring for a commercial apiary. Each hive has a sticky insert
// under its screened floor; after a few days the beekeeper counts the mites
// and the counts go to a per-yard journal (MiteCountJournal, which closes its
// FILE* in the destructor and keeps the compiler-generated copy constructor).
// Used inserts are archived per season through InsertArchive, a move-only
// wrapper that hands its FILE* over with std::exchange.
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct MiteCount {
  int hiveId;
  int mites;
  int days; // how long the insert stayed under the hive
};

class MiteCountJournal {
public:
  explicit MiteCountJournal(const std::string &path)
      : fp_(std::fopen(path.c_str(), "a")), path_(path) {
    if (!fp_)
      throw std::runtime_error("cannot open mite journal " + path);
  }
  ~MiteCountJournal() {
    if (fp_)
      std::fclose(fp_);
  }

  void append(const MiteCount &c) {
    double perDay = c.days > 0 ? double(c.mites) / c.days : 0.0;
    std::fprintf(fp_, "%d,%d,%d,%.2f\n", c.hiveId, c.mites, c.days, perDay); // SAME: yard-copies
  }
  void note(const std::string &text) {
    std::fprintf(fp_, "# %s\n", text.c_str()); // SAME: journal-copy
  }
  const std::string &path() const { return path_; }

private:
  FILE *fp_;
  std::string path_;
};

// Treatment threshold: more than 3 mites per day on the insert.
static int flagHivesForTreatment(MiteCountJournal journal,
                                 const std::vector<MiteCount> &counts) {
  int flagged = 0;
  for (const MiteCount &c : counts) {
    if (c.days > 0 && c.mites > 3 * c.days) {
      journal.note("treat hive " + std::to_string(c.hiveId));
      ++flagged;
    }
  }
  return flagged;
}

int recordInspectionRound(MiteCountJournal &journal,
                          const std::vector<MiteCount> &counts) {
  for (const MiteCount &c : counts)
    journal.append(c);
  int flagged = flagHivesForTreatment(journal, counts);
  journal.note("round done, " + std::to_string(flagged) + " to treat"); // BUG: use-after-close #journal-copy
  return flagged;
}

// One journal per bee yard, keyed by yard number.
void noteWeather(std::map<int, MiteCountJournal> &yards, const std::string &weather) {
  for (auto [yard, journal] : yards)
    journal.note("yard " + std::to_string(yard) + " weather: " + weather);
}

void closeWeek(std::map<int, MiteCountJournal> &yards, int yard, const MiteCount &late,
               const std::string &weather) {
  noteWeather(yards, weather);
  auto it = yards.find(yard);
  if (it != yards.end())
    it->second.append(late); // BUG: use-after-close #yard-copies
}

class InsertArchive {
public:
  explicit InsertArchive(FILE *fp) : fp_(fp) {}
  InsertArchive(const InsertArchive &) = delete;
  InsertArchive &operator=(const InsertArchive &) = delete;
  InsertArchive(InsertArchive &&other) noexcept
      : fp_(std::exchange(other.fp_, nullptr)) {}
  InsertArchive &operator=(InsertArchive &&other) noexcept {
    if (this != &other) {
      if (fp_)
        std::fclose(fp_);
      fp_ = std::exchange(other.fp_, nullptr);
    }
    return *this;
  }
  ~InsertArchive() {
    if (fp_)
      std::fclose(fp_);
  }

  explicit operator bool() const { return fp_ != nullptr; }
  void store(const MiteCount &c) {
    std::fprintf(fp_, "insert hive=%d mites=%d days=%d\n", c.hiveId, c.mites,
                 c.days);
  }
  void seal(int week) { std::fprintf(fp_, "-- week %d sealed --\n", week); }

private:
  FILE *fp_;
};

static InsertArchive openSeasonArchive(const std::string &dir, int season) {
  std::string path = dir + "/inserts-" + std::to_string(season) + ".txt";
  return InsertArchive(std::fopen(path.c_str(), "a"));
}

// Takes the archive by value and gives it back: ownership round-trips.
static InsertArchive sealWeek(InsertArchive archive, int week) {
  archive.seal(week);
  return archive;
}

void archiveInserts(const std::string &dir, int season, int week,
                    const std::vector<MiteCount> &counts) {
  InsertArchive archive = openSeasonArchive(dir, season);
  if (!archive)
    return;
  archive = sealWeek(std::move(archive), week - 1);
  for (const MiteCount &c : counts)
    archive.store(c); // OK: the archive came back from sealWeek by move
  if (week == 1) {
    InsertArchive next = openSeasonArchive(dir, season + 1);
    if (!next)
      return;
    archive = std::move(next);
    archive.seal(0); // OK: move assignment closed the old season, this is the new one
  }
}

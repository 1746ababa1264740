// Falconry mews record keeping. WeatheringLog appends the weathering-lawn entries of
// each eyas; its close() nulls fp_, write() refuses a closed log and the destructor only
// fcloses a log that is still open. CreanceJournal records creance (training-line)
// flights, but its close() does not null fp_: the late entry the session makes after
// closing the journal goes to the closed FILE*, and the destructor fcloses it again.
// recordWeight() closes the weight sheet when the scale reading is implausible and
// returns false: the morning round stops there, the evening round writes a reweigh
// note to the closed sheet.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Eyas {
  std::string name;
  double weightGrams;
  int daysHardPenned;
};

class WeatheringLog {
public:
  explicit WeatheringLog(const std::string &path)
      : fp_(std::fopen(path.c_str(), "a")) {
    if (!fp_)
      throw std::runtime_error("cannot open weathering log " + path);
  }
  ~WeatheringLog() {
    if (fp_)
      std::fclose(fp_); // OK
  }
  WeatheringLog(const WeatheringLog &) = delete;
  WeatheringLog &operator=(const WeatheringLog &) = delete;

  bool write(const Eyas &bird, int minutesOut) {
    if (!fp_)
      return false;
    return std::fprintf(fp_, "%s,%d,%.1f\n", bird.name.c_str(), minutesOut, bird.weightGrams) > 0;
  }

  void close() {
    if (!fp_)
      return;
    std::fclose(fp_);
    fp_ = nullptr;
  }

private:
  FILE *fp_;
};

class CreanceJournal {
public:
  explicit CreanceJournal(const std::string &path)
      : fp_(std::fopen(path.c_str(), "w")) {}
  ~CreanceJournal() {
    if (fp_)
      std::fclose(fp_); // BUG: double-close
  }
  CreanceJournal(const CreanceJournal &) = delete;
  CreanceJournal &operator=(const CreanceJournal &) = delete;

  void flight(const std::string &bird, int metres, bool cameToGlove) {
    if (fp_)
      std::fprintf(fp_, "%s flew %d m, %s\n", bird.c_str(), metres, // SAME: late-creance
                   cameToGlove ? "came to the glove" : "refused");
  }

  void close() {
    if (fp_)
      std::fclose(fp_);
  }

private:
  FILE *fp_;
};

// Returns false, with the sheet closed, when the scale reading cannot be right.
static bool recordWeight(FILE *sheet, const Eyas &bird) {
  if (bird.weightGrams < 100.0 || bird.weightGrams > 2000.0) {
    std::fclose(sheet);
    return false;
  }
  return std::fprintf(sheet, "%-12s %7.1f g\n", bird.name.c_str(), bird.weightGrams) > 0;
}

bool weighMorning(const std::vector<Eyas> &birds) {
  FILE *sheet = std::fopen("weights-am.txt", "w");
  if (!sheet)
    return false;
  for (const Eyas &b : birds) {
    if (!recordWeight(sheet, b)) // OK
      return false;
  }
  std::fclose(sheet);
  return true;
}

void weighEvening(const std::vector<Eyas> &birds) {
  FILE *sheet = std::fopen("weights-pm.txt", "w");
  if (!sheet)
    return;
  for (const Eyas &b : birds) {
    if (!recordWeight(sheet, b)) {
      std::fprintf(sheet, "# %s needs a reweigh\n", b.name.c_str()); // BUG: use-after-close
      return;
    }
  }
  std::fclose(sheet); // OK
}

void closeOfDay(const std::vector<Eyas> &birds) {
  WeatheringLog lawn("weathering.csv");
  for (const Eyas &b : birds)
    lawn.write(b, b.daysHardPenned > 3 ? 90 : 45);
  lawn.close();
  for (const Eyas &b : birds)
    if (!lawn.write(b, 0)) // OK
      std::fprintf(stderr, "late lawn entry for %s dropped\n", b.name.c_str());
}

void creanceSession(const std::vector<Eyas> &birds) {
  CreanceJournal journal("creance.txt");
  for (const Eyas &b : birds)
    journal.flight(b.name, 25 + 5 * b.daysHardPenned, b.weightGrams < 700.0);
  journal.close();
  if (!birds.empty())
    journal.flight(birds.front().name, 0, false); // BUG: use-after-close #late-creance
}

// Rating bench journal for marine chronometers on trial. Each day's daily
// rates go to rates-dayNNN.log through one global journal stream: at the day
// boundary the stream is moved to the new file with freopen(), and at exit an
// atexit() handler closes it. The bench itself is a global object whose
// destructor writes the trial summary (best and worst rate) for the
// certificate clerk. The console output is redirected once with freopen();
// a failed day rotation falls back to a separate journal file.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {

FILE *g_journal = nullptr;
int g_currentDay = 0;

class RatingBench {
public:
  void note(const std::string &serial, double secondsPerDay) {
    rates_[serial].push_back(secondsPerDay);
  }

  std::size_t movements() const { return rates_.size(); }

  ~RatingBench() {
    if (!g_journal || rates_.empty())
      return;
    std::string best, worst;
    double bestSpread = 1e9, worstSpread = -1.0;
    for (const auto &[serial, rates] : rates_) {
      double lo = rates.front(), hi = rates.front();
      for (double r : rates) {
        lo = r < lo ? r : lo;
        hi = r > hi ? r : hi;
      }
      if (hi - lo < bestSpread) { bestSpread = hi - lo; best = serial; }
      if (hi - lo > worstSpread) { worstSpread = hi - lo; worst = serial; }
    }
    std::fprintf(g_journal, "# summary: %zu movements, best %s (%.2f), worst %s (%.2f)\n", // BUG: use-after-close
                 rates_.size(), best.c_str(), bestSpread, worst.c_str(), worstSpread);
  }

private:
  std::map<std::string, std::vector<double>> rates_;
};

RatingBench g_bench;

void closeJournal() {
  if (g_journal)
    std::fclose(g_journal);
}

void recordRate(const std::string &serial, double secondsPerDay, int dayIndex) {
  if (dayIndex != g_currentDay) {
    char path[64];
    std::snprintf(path, sizeof path, "rates-day%03d.log", dayIndex);
    if (std::freopen(path, "a", g_journal) == nullptr) {
      std::fprintf(stderr, "rating bench: cannot open %s, using fallback journal\n", path);
      g_journal = std::fopen("rates-fallback.log", "a");
      if (!g_journal)
        return;
    } else {
      std::setvbuf(g_journal, nullptr, _IOLBF, 0); // OK
    }
    g_currentDay = dayIndex;
  }
  if (!g_journal)
    return;
  std::fprintf(g_journal, "%s %+.2f s/d\n", serial.c_str(), secondsPerDay); // OK
  g_bench.note(serial, secondsPerDay);
}

} // namespace

int main() {
  g_journal = std::fopen("rates-day000.log", "a");
  if (!g_journal)
    return EXIT_FAILURE;
  std::atexit(closeJournal);

  if (!std::freopen("bench-console.txt", "w", stdout)) {
    std::fputs("rating bench: cannot redirect console output\n", stdout); // BUG: use-after-close
    return EXIT_FAILURE;
  }
  std::printf("rating bench started\n"); // OK

  recordRate("GH-1187", +0.8, 0);
  recordRate("GH-1190", -1.4, 0);
  recordRate("GH-1187", +1.1, 1);
  recordRate("GH-1190", -0.6, 2);

  std::fflush(nullptr);
  std::printf("%zu movements on the bench\n", g_bench.movements());
  return EXIT_SUCCESS;
}

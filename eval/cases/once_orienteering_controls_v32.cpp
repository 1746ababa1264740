// Orienteering event: each runner's punches are read off the e-card and
// written to the split log (stdio). The results station writes every control
// and closes the log in the iteration for the last control. The relay
// hand-over code was adapted from a per-leg version and still closes the
// team's log inside the loop body, so the second leg writes to (and closes)
// a closed stream.
#include <cstdio>
#include <string>
#include <vector>

struct Punch {
  int control;
  int seconds;
};

bool writeSplits(const std::string &path, const std::vector<Punch> &punches) {
  std::FILE *log = std::fopen(path.c_str(), "w");
  if (log == nullptr)
    return false;
  if (punches.empty()) {
    std::fclose(log);
    return true;
  }
  const std::size_t n = punches.size();
  for (std::size_t i = 0; i < n; ++i) {
    std::fprintf(log, "%d,%d\n", punches[i].control, punches[i].seconds); // OK: the close runs only in the last iteration
    if (i == n - 1)
      std::fclose(log); // OK: runs once
  }
  return true;
}

void writeRelay(std::FILE *teamLog, const std::vector<std::vector<Punch>> &legs) {
  for (std::size_t leg = 0; leg < legs.size(); ++leg) {
    int total = legs[leg].empty() ? 0 : legs[leg].back().seconds;
    std::fprintf(teamLog, "leg %zu: %zu controls, %d s\n", leg + 1, legs[leg].size(), total); // BUG: use-after-close
    std::fclose(teamLog); // BUG: double-close
  }
}

int countMispunches(const std::string &path, const std::vector<int> &course) {
  if (course.empty())
    return 0;
  std::FILE *log = std::fopen(path.c_str(), "r");
  if (log == nullptr)
    return -1;
  int missing = 0;
  for (std::size_t i = 0; i < course.size(); ++i) {
    int control = 0, seconds = 0;
    if (std::fscanf(log, "%d,%d", &control, &seconds) != 2 || control != course[i]) // OK: the log is closed only right before the break
      ++missing;
    if (i + 1 == course.size() || std::feof(log)) {
      std::fclose(log); // OK: followed by break
      break;
    }
  }
  return missing;
}

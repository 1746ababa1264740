// Salmon ladder counting station: the video counter at the fish ladder
// produces per-species passage counts every fifteen minutes. The station
// keeps one count file per day, appends each interval, and at midnight seals
// the day (footer, fsync so a power cut at the remote site cannot lose it)
// before the uplink job picks the file up.
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>
#include <unistd.h>

namespace ladder {

enum class Species { Chinook, Coho, Sockeye, Steelhead, Other };

struct IntervalCount {
  std::time_t start = 0;
  int counts[5] = {0, 0, 0, 0, 0};
  double waterTempC = 0.0;
};

static const char *speciesCode(Species s) {
  switch (s) {
  case Species::Chinook: return "CHK";
  case Species::Coho: return "COH";
  case Species::Sockeye: return "SOC";
  case Species::Steelhead: return "STH";
  default: return "OTH";
  }
}

static bool appendInterval(FILE *f, const IntervalCount &c) {
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%H:%M", std::localtime(&c.start));
  for (int i = 0; i < 5; ++i) {
    if (std::fprintf(f, "%s,%s,%d,%.1f\n", stamp, speciesCode(static_cast<Species>(i)),
                     c.counts[i], c.waterTempC) < 0) {
      std::fclose(f);
      return false;
    }
  }
  return true;
}

int recordIntervals(const std::string &dayFile, const std::vector<IntervalCount> &batch) {
  FILE *f = std::fopen(dayFile.c_str(), "a");
  if (!f)
    return -1;
  for (const IntervalCount &c : batch) {
    if (!appendInterval(f, c)) {
      std::fclose(f); // BUG: double-close
      return -1;
    }
  }
  if (std::fflush(f) != 0) {
    std::fclose(f);
    return -1;
  }
  return std::fclose(f) == 0 ? 0 : -1; // OK
}

int sealDay(const std::string &dayFile, int totalFish) {
  FILE *f = std::fopen(dayFile.c_str(), "a");
  if (!f)
    return -1;
  std::fprintf(f, "#TOTAL,%d\n", totalFish);
  std::fflush(f);
  int rc = std::fclose(f);
  if (::fsync(fileno(f)) != 0) // BUG: use-after-close
    rc = -1;
  return rc == 0 ? 0 : -1;
}

int copyForUplink(const std::string &dayFile, const std::string &outbox) {
  FILE *in = std::fopen(dayFile.c_str(), "r");
  if (!in)
    return -1;
  FILE *out = std::fopen(outbox.c_str(), "w");
  if (!out) {
    std::fclose(in);
    return -1;
  }
  char line[128];
  while (std::fgets(line, sizeof line, in))
    std::fputs(line, out);
  std::fclose(in);
  int rc = std::fflush(out); // OK
  if (std::fclose(out) != 0) // OK
    rc = -1;
  return rc;
}

} // namespace ladder

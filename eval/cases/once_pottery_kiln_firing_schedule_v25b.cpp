// Pottery studio kiln firing. A firing schedule is a list of ramp segments
// (rate, target temperature, hold) sent to the kiln controller over a
// net::Connection; the controller runs the rest on its own once the link is
// closed. Each kiln also keeps a firing log (FILE*), and the studio keeps one
// shared summary log for all kilns.
#include <cstdio>
#include <string>
#include <vector>

#include "netconn.h"

struct Segment {
  int ratePerHour = 0;
  int targetC = 0;
  int holdMin = 0;
};

struct Kiln {
  std::string name;
  net::Connection link;
  std::FILE *log = nullptr;
};

constexpr int kPeakC = 1222; // cone 6

static std::string encode(const Segment &s) {
  return "SEG " + std::to_string(s.ratePerHour) + " " +
         std::to_string(s.targetC) + " " + std::to_string(s.holdMin);
}

// Upload the whole schedule; the controller starts on close.
void upload(net::Connection &link, const std::vector<Segment> &schedule) {
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    link.send(encode(schedule[i])); // OK
    if (i + 1 == schedule.size())
      link.close(); // OK
  }
}

// Stream only the heating part of the schedule; cooling is left to the
// controller's natural cool-down.
void uploadHeating(net::Connection &link, const std::vector<Segment> &schedule) {
  for (const Segment &s : schedule) {
    link.send(encode(s)); // OK
    if (s.targetC >= kPeakC) {
      link.close();
      break;
    }
  }
}

// Glaze firing with a peak hold: the segments after the peak only re-state
// the peak temperature with a longer hold.
void uploadGlazeFiring(net::Connection &link,
                       const std::vector<Segment> &schedule) {
  for (const Segment &s : schedule) {
    link.send(encode(s)); // BUG: use-after-close
    if (s.targetC >= kPeakC)
      link.close();
  }
}

void logFiring(Kiln &kiln, const std::vector<Segment> &schedule,
               const char *firingId) {
  std::fprintf(kiln.log, "== %s on %s\n", firingId, kiln.name.c_str());
  for (const Segment &s : schedule)
    std::fprintf(kiln.log, "%4d C/h to %4d C, hold %d min\n", s.ratePerHour,
                 s.targetC, s.holdMin);
}

// One archive file per firing: a fresh FILE* every iteration.
void archiveFirings(const std::vector<std::vector<Segment>> &firings,
                    const std::string &dir) {
  for (std::size_t n = 0; n < firings.size(); ++n) {
    std::string path = dir + "/firing-" + std::to_string(n) + ".txt";
    std::FILE *f = std::fopen(path.c_str(), "w");
    if (!f)
      continue;
    for (const Segment &s : firings[n])
      std::fprintf(f, "%s\n", encode(s).c_str()); // OK
    std::fclose(f); // OK
  }
}

// End of the day: close every kiln's log and the studio summary.
void closeStudio(std::vector<Kiln> &kilns, std::FILE *summary) {
  std::fprintf(summary, "%zu kilns fired today\n", kilns.size());
  for (Kiln &kiln : kilns) {
    std::fclose(kiln.log);
    kiln.log = nullptr;
    std::fclose(summary); // BUG: double-close
  }
}

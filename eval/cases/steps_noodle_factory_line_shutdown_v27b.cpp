// End-of-shift shutdown of a noodle factory's extrusion line. Each stage of
// the shutdown is a callable handed to stage(), which times it and logs it.
// The line keeps a descriptor for the dough mixer's heater log, one for the
// dryer's counter, a FILE* for the cutter's counts, and an EventChannel to
// the floor display. The mixer stage closes the heater log; the final
// "release descriptors" stage closes the line's descriptors, the heater log
// among them.
#include "messaging.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <utility>

template <typename F> void stage(const char *name, F &&fn) {
  auto t0 = std::chrono::steady_clock::now();
  std::forward<F>(fn)();
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - t0)
                .count();
  std::printf("noodle line stage %-20s %lld ms\n", name, static_cast<long long>(ms));
}

struct ExtrusionLine {
  int heaterLogFd = -1;
  int dryerCounterFd = -1;
  std::FILE *cutterCounts = nullptr;
  EventChannel *display = nullptr;
  int kgExtruded = 0;
};

static void writeStr(int fd, const std::string &s) {
  if (::write(fd, s.data(), s.size()) < 0)
    std::perror("noodle line log");
}

void shutdownLine(ExtrusionLine &line) {
  stage("stop extruder", [&] {
    line.display->send("extruder stopped at " + std::to_string(line.kgExtruded) + " kg"); // OK
  });
  stage("empty mixer", [&] {
    writeStr(line.heaterLogFd, "mixer heater off\n");
    ::fsync(line.heaterLogFd);
    ::close(line.heaterLogFd);
  });
  stage("cutter counts", [&] {
    std::fprintf(line.cutterCounts, "extruded %d kg\n", line.kgExtruded);
    std::fclose(line.cutterCounts);
    line.cutterCounts = nullptr;
  });
  stage("display off", [&] {
    line.display->send("line down"); // OK
    line.display->close();
  });
  stage("release descriptors", [&] {
    ::close(line.dryerCounterFd); // OK
    ::close(line.heaterLogFd); // BUG: double-close
  });
}

void shutdownLineAfterJam(ExtrusionLine &line) {
  stage("log jam", [&] { writeStr(line.heaterLogFd, "die jam, heater held\n"); });
  stage("release heater log", [&] {
    ::close(line.heaterLogFd);
    line.heaterLogFd = -1;
  });
  stage("close counters", [&] {
    if (line.cutterCounts) {
      std::fprintf(line.cutterCounts, "jam after %d kg\n", line.kgExtruded); // OK
      std::fclose(line.cutterCounts);
      line.cutterCounts = nullptr;
    }
  });
  stage("release descriptors", [&] {
    if (line.heaterLogFd >= 0)
      ::close(line.heaterLogFd); // OK
    ::close(line.dryerCounterFd);
  });
}

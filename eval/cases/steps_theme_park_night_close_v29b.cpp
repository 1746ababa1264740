// Theme park night close. The park controller keeps an event channel to the
// ride operations board, a connection to the gate counting system and a set of
// log files (the operations log is registered among them at opening). The night
// close is a list of steps run in order by runNightClose(); timedStep() times
// each one and reports a step that throws without stopping the ones after it.
// Steps: rides to maintenance, gate tally, log rotation, the closing
// announcement and the operations log sign-off.
#include <chrono>
#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "messaging.h"
#include "netconn.h"

namespace themepark {

struct Park {
  EventChannel rideBoard;
  net::Connection gates{"gates.park.internal:9100"};
  FILE *opsLog = nullptr;
  std::vector<FILE *> logs;
  std::vector<std::string> rides;
  long admittedToday = 0;
};

void reportStepTime(const std::string &step, long long ms);
void reportStepFailure(const std::string &step, const char *what);

bool openLogs(Park &park, const std::string &dir) {
  park.opsLog = std::fopen((dir + "/ops.log").c_str(), "a");
  if (!park.opsLog)
    return false;
  park.logs.push_back(park.opsLog);
  FILE *rideLog = std::fopen((dir + "/rides.log").c_str(), "a");
  if (rideLog)
    park.logs.push_back(rideLog);
  return true;
}

template <typename F> void timedStep(const std::string &name, F &&step) {
  auto start = std::chrono::steady_clock::now();
  try {
    std::forward<F>(step)();
  } catch (const std::exception &e) {
    reportStepFailure(name, e.what());
  }
  auto elapsed = std::chrono::steady_clock::now() - start;
  reportStepTime(
      name,
      std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
}

void runNightClose(Park &park) {
  if (!park.opsLog)
    return;
  std::vector<std::pair<std::string, std::function<void()>>> steps = {
      {"rides to maintenance",
       [&park] {
         for (const std::string &ride : park.rides)
           park.rideBoard.send("MAINT " + ride); // OK
         park.rideBoard.close();
       }},
      {"gate tally",
       [&park] {
         park.gates.send("TALLY " + std::to_string(park.admittedToday)); // OK
         park.gates.flush(); // OK
         park.gates.close();
         std::fprintf(park.opsLog, "admitted %ld\n", park.admittedToday); // OK
       }},
      {"rotate logs",
       [&park] {
         for (FILE *log : park.logs) {
           std::fflush(log);
           std::fclose(log);
         }
         park.logs.clear();
       }},
      {"closing announcement",
       [&park] {
         park.rideBoard.send("PARK CLOSED"); // BUG: use-after-close
       }},
      {"ops log sign-off",
       [&park] {
         std::fputs("night close complete\n", park.opsLog); // BUG: use-after-close
         std::fclose(park.opsLog); // BUG: double-close
         park.opsLog = nullptr;
       }},
  };
  for (auto &step : steps)
    timedStep(step.first, step.second);
}

} // namespace themepark

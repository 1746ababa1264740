// liftopsd: builds the resort from its configuration, runs the operator's
// command loop (one command per line, each failure reported and the loop
// going on), then closes the shift and shuts the resort down. The
// destructor's shutdown() after the explicit one returns at once.
#include <csignal>
#include <cstdio>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "evacuation.h"
#include "maintenance_window.h"
#include "ops_console.h"
#include "resort.h"

using namespace liftops;

static ResortConfig loadConfig() {
  ResortConfig config;
  config.chairlifts = {{"summit-express", "10.20.1.11", 502},
                       {"ridge-quad", "10.20.1.12", 502},
                       {"bunny-carpet", "10.20.1.13", 502}};
  config.gondolaStations = {{"gondola-base", "10.20.2.10", 502},
                            {"gondola-mid", "10.20.2.11", 502},
                            {"gondola-top", "10.20.2.12", 502}};
  config.weatherStations = {{"summit", 7001}, {"mid-mountain", 7002}, {"base", 7003}};
  config.gates = {{"express-gate-1", "/dev/ttyUSB0"}, {"express-gate-2", "/dev/ttyUSB1"}};
  config.groomers = {"cat-07", "cat-11", "winch-cat-03"};
  return config;
}

int main() {
  std::signal(SIGPIPE, SIG_IGN); // a dropped peer is an error return, not a kill
  try {
    Resort resort(loadConfig());
    OpsConsole console(resort);
    MaintenanceWindow maintenance(resort.registry());
    console.openShiftLog("/var/log/liftops/shift.log");
    std::vector<Detonation> shots;

    std::string line;
    while (std::getline(std::cin, line)) {
      std::istringstream in(line);
      std::string command, arg, extra;
      in >> command >> arg >> extra;
      try {
        if (command == "quit") {
          break;
        } else if (command == "wind") {
          console.closeMountainForWind();
        } else if (command == "wind-lift") {
          console.windClosure(arg);
        } else if (command == "fault") {
          console.handleAnemometerFault(arg);
        } else if (command == "snapshot") {
          if (std::shared_ptr<WeatherStation> station = resort.station(arg)) {
            Status st = station->pushSnapshot("10.20.9.5", 7100);
            if (!st.isOk())
              std::fprintf(stderr, "snapshot: %s\n", st.describe().c_str());
          }
        } else if (command == "replace") {
          console.replaceStation(arg);
        } else if (command == "estop") {
          console.emergency(arg, extra.empty() ? "operator" : extra);
        } else if (command == "evac") {
          if (ChairliftController *chair = resort.chair(arg))
            EvacuationPlan(*chair, resort.dispatch()).execute(std::stoi(extra));
        } else if (command == "maint-begin") {
          maintenance.begin(arg);
        } else if (command == "maint-end") {
          maintenance.finish(arg);
        } else if (command == "decommission") {
          maintenance.decommission(arg);
        } else if (command == "signon") {
          resort.roster().signOn(arg, 155.340);
        } else if (command == "signoff") {
          resort.roster().signOff(arg);
        } else if (command == "sweep") {
          resort.fleet().startPositionSweep();
        } else if (command == "recall") {
          console.endGroomingShift();
        } else if (command == "audit") {
          console.rotateGateAudit(arg);
        } else if (command == "shot") {
          Detonation shot;
          shot.route = arg;
          shot.chargeId = extra;
          shot.kg = 2.0;
          shots.push_back(shot);
        } else if (command == "blast-done") {
          console.endAvalancheControl(shots);
          shots.clear();
        } else if (command == "blast-abort") {
          resort.blastLog().abortMission(arg, shots);
          shots.clear();
        } else {
          std::fprintf(stderr, "unknown command: %s\n", command.c_str());
        }
      } catch (const std::exception &e) {
        std::fprintf(stderr, "%s: %s\n", command.c_str(), e.what());
      }
    }

    console.finishShift();
    resort.shutdown();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "liftopsd: %s\n", e.what());
    return 1;
  }
  return 0;
}

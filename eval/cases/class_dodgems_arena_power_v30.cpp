// Dodgems arena: the ride operator's console talks to the ceiling-grid power
// controller over a net::Connection; each ride session energises the grid,
// counts the cars that report in, and de-energises it when the session timer
// runs out or the emergency stop is hit. Session stats are streamed to the
// fairground office over a Cassandra streaming channel.
#include "messaging.h"
#include "netconn.h"

#include <string>
#include <vector>

struct CarReport {
  int car;
  int bumps;
  bool stalled;
};

class GridController {
public:
  explicit GridController(net::Connection &link) : link_(link) {}

  void energise(int volts) {
    link_.send("GRID ON " + std::to_string(volts));
    link_.flush();
  }

  void deEnergise() {
    link_.send("GRID OFF");
    link_.flush();
  }

  void emergencyStop() {
    link_.send("ESTOP");
    link_.flush();
    link_.close();
  }

  void resetCars(const std::vector<int> &stalled) {
    if (stalled.empty())
      return;
    for (int car : stalled)
      link_.send("RESET " + std::to_string(car)); // SAME: dodgems-reset
    link_.flush();
  }

private:
  net::Connection &link_;
};

struct SessionResult {
  int cars = 0;
  int bumps = 0;
  bool emergency = false;
};

SessionResult runSession(GridController &grid, const std::vector<CarReport> &reports,
                         int maxBumpsPerCar) {
  SessionResult result;
  std::vector<int> stalled;
  grid.energise(96);
  for (const CarReport &r : reports) {
    ++result.cars;
    result.bumps += r.bumps;
    if (r.stalled)
      stalled.push_back(r.car);
    if (r.bumps > maxBumpsPerCar) {
      grid.emergencyStop();
      result.emergency = true;
      break;
    }
  }
  if (!result.emergency)
    grid.deEnergise(); // OK
  grid.resetCars(stalled); // BUG: use-after-close #dodgems-reset
  return result;
}

void reportToOffice(cassandra::StreamingMultiplexedChannel &office, const SessionResult &r,
                    int sessionNo) {
  cassandra::StreamMessage msg{"session", std::to_string(sessionNo) + ":" +
                                              std::to_string(r.cars) + ":" +
                                              std::to_string(r.bumps)};
  office.sendControlMessage(msg);
  if (r.emergency) {
    office.sendControlMessage({"incident", std::to_string(sessionNo)});
    office.close();
  }
  if (!office.isClosed())
    office.sendMessage(office.controlChannel(), {"heartbeat", "ok"}); // OK
}

void closeArena(net::Connection &gridLink, cassandra::StreamingMultiplexedChannel &office) {
  if (!gridLink.isClosed()) {
    gridLink.send("GRID OFF");
    gridLink.flush(); // OK
  }
  gridLink.close();
  gridLink.close(); // OK
  if (!office.isClosed())
    office.close(); // OK
  gridLink.send("LIGHTS OFF"); // BUG: use-after-close
}

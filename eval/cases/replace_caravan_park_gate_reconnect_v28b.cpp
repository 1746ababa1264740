// Caravan park barrier gate controller. The gate reports pitch check-ins and
// barrier events to the park office over a net::Connection. When the office
// stops answering heartbeats the controller drops the link and redials, but
// only while it still has reconnect budget left for the hour; the pitch
// allocator asks the office for a pitch over the same link.
#include "netconn.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

struct Arrival {
  std::string registration;
  int lengthM;
  bool hasAwning;
};

class GateController {
public:
  GateController(std::string office, int reconnectsPerHour)
      : office_(std::move(office)), budget_(reconnectsPerHour), link_(office_) {}

  void barrierRaised(const std::string &reg) { link_.send("raise " + reg); }

  void redialIfAllowed() {
    link_.close(); // OK
    if (budget_ > 0) {
      --budget_;
      link_ = net::Connection(office_);
    } else {
      std::printf("gate: reconnect budget spent, running offline\n");
    }
  }

  void onHeartbeatMissed(int missed) {
    if (missed < 3)
      return;
    redialIfAllowed();
    if (!link_.isClosed())
      link_.send("gate back after " + std::to_string(missed) + " missed"); // OK
  }

  void checkIn(const Arrival &a, bool officeSlow) {
    if (officeSlow)
      redialIfAllowed();
    link_.send("checkin " + a.registration + " len=" + std::to_string(a.lengthM)); // BUG: use-after-close
    if (a.hasAwning)
      link_.send("awning " + a.registration);
  }

  void hourlyReset(int reconnectsPerHour) {
    budget_ = reconnectsPerHour;
    if (link_.isClosed()) {
      link_ = net::Connection(office_);
      link_.send("gate online"); // OK
    }
  }

  void forceRedial() {
    link_.close();
    link_ = net::Connection(office_);
    link_.send("gate redialled"); // OK
    link_.flush(); // OK
  }

  void shutdown() {
    if (!link_.isClosed())
      link_.send("gate off"); // OK
    link_.close();
  }

private:
  std::string office_;
  int budget_;
  net::Connection link_;
};

void eveningRush(GateController &gate, const std::vector<Arrival> &queue,
                 int slowAfter) {
  int n = 0;
  for (const Arrival &a : queue) {
    gate.checkIn(a, ++n > slowAfter);
    gate.barrierRaised(a.registration);
  }
  gate.shutdown();
}

// Reverse-osmosis desalination plant: the controlled shutdown is a list of
// named steps run in order by runSequence(), and the emergency stop calls
// stage() with one callable per action. The high-pressure pumps are driven
// over a net::Connection to the pump PLC, brine outfall readings go to Kafka,
// and the operators' log is a FILE*. In the controlled shutdown the brine
// telemetry is closed two steps before the membrane flush step reports on it.
#include "messaging.h"
#include "netconn.h"

#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

struct Step {
  std::string name;
  std::function<void()> run;
};

void runSequence(const char *title, const std::vector<Step> &steps) {
  int n = 1;
  for (const Step &s : steps) {
    std::printf("[%s %d/%zu] %s\n", title, n++, steps.size(), s.name.c_str());
    s.run();
  }
}

template <class Action> void stage(const char *what, Action &&action) {
  std::printf("[E-STOP] %s\n", what);
  std::forward<Action>(action)();
}

class RoPlant {
public:
  RoPlant(kafka::KafkaProducer &brine, std::FILE *opsLog)
      : brine_(brine), pumps_("pump-plc.plant.local:502"), opsLog_(opsLog) {}

  void shutdown() {
    if (stopped_)
      return;
    stopped_ = true;
    std::vector<Step> steps;
    steps.push_back({"ramp down HP pumps", [this] {
                       pumps_.send("RAMP 0"); // OK
                       std::fprintf(opsLog_, "HP pumps ramped down\n"); // OK
                     }});
    steps.push_back({"close brine telemetry", [this] {
                       brine_.flush();
                       brine_.close();
                     }});
    steps.push_back({"isolate seawater intake", [this] {
                       pumps_.send("VALVE INTAKE CLOSE"); // OK
                     }});
    steps.push_back({"flush membranes", [this] {
                       pumps_.send("FLUSH MEMBRANES");
                       brine_.send({"plant.brine", "membrane flush started"}); // BUG: use-after-close
                     }});
    steps.push_back({"disconnect pump PLC", [this] { pumps_.close(); }});
    steps.push_back({"close operators log", [this] {
                       std::fprintf(opsLog_, "controlled shutdown complete\n"); // OK
                       std::fclose(opsLog_);
                     }});
    runSequence("shutdown", steps);
  }

  void emergencyStop(const std::string &cause) {
    if (stopped_)
      return;
    stopped_ = true;
    stage("trip HP pumps", [this] { pumps_.send("TRIP"); });
    stage("report brine state", [this, &cause] {
      brine_.send({"plant.brine", "emergency stop: " + cause}); // OK
      brine_.close();
    });
    stage("disconnect pump PLC", [this] { pumps_.close(); });
    stage("log", [this, &cause] {
      std::fprintf(opsLog_, "EMERGENCY STOP: %s\n", cause.c_str()); // OK
      std::fclose(opsLog_);
    });
  }

private:
  kafka::KafkaProducer &brine_;
  net::Connection pumps_;
  std::FILE *opsLog_;
  bool stopped_ = false;
};

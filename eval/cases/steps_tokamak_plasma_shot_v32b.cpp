// Fusion research tokamak: after each plasma shot the control system builds
// a list of named teardown steps and runs them in order. One step stops the
// diagnostics acquisition and closes its DAQ channel, one ramps the poloidal
// field coils down and closes the power-supply descriptor, and the last one
// closes the shot log. When the shot ended in a disruption an extra
// halo-current dump step is appended at the end of the list.
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace tokamak {

class DaqChannel {
public:
  std::vector<double> fetch(const std::string &signal) {
    if (closed_)
      throw std::runtime_error("DAQ channel closed, cannot fetch " + signal);
    return {0.0, 1.0};
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
};

struct Shot {
  int number;
  bool disruption;
  DaqChannel daq;
  int coilSupplyFd;
  std::FILE *shotLog;
};

struct Step {
  std::string name;
  std::function<void()> run;
};

std::vector<Step> teardownPlan(Shot &s) {
  std::vector<Step> plan;
  plan.push_back({"archive magnetics", [&s] {
                    auto ip = s.daq.fetch("plasma_current"); // OK: the DAQ closes in a later step
                    std::fprintf(s.shotLog, "shot %d: %zu Ip samples\n", s.number, ip.size());
                  }});
  plan.push_back({"stop diagnostics", [&s] { s.daq.close(); }});
  plan.push_back({"ramp down PF coils", [&s] {
                    ::write(s.coilSupplyFd, "RAMP 0\n", 7);
                    ::close(s.coilSupplyFd);
                  }});
  plan.push_back({"release hardware", [&s] {
                    ::close(s.coilSupplyFd); // BUG: double-close
                  }});
  plan.push_back({"close shot log", [&s] {
                    std::fprintf(s.shotLog, "shot %d teardown complete\n", s.number); // OK: before the fclose
                    std::fclose(s.shotLog);
                    s.shotLog = nullptr;
                  }});
  if (s.disruption)
    plan.push_back({"dump halo currents", [&s] {
                      auto halo = s.daq.fetch("halo_current"); // BUG: use-after-close
                      if (s.shotLog)
                        std::fprintf(s.shotLog, "halo samples %zu\n", halo.size()); // OK: nulled after fclose
                    }});
  return plan;
}

void teardown(Shot &s) {
  for (Step &step : teardownPlan(s)) {
    std::fprintf(stderr, "teardown: %s\n", step.name.c_str());
    step.run();
  }
}

} // namespace tokamak

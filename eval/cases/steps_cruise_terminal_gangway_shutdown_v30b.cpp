// Cruise terminal, end of embarkation: the terminal runs its shutdown as a
// list of named steps (retract the gangway, seal the passenger manifest,
// notify the port authority, close the links); runSteps() logs each step and
// runs them in order, stopping at the first one that throws. Links opened
// during the day also register their own teardown on a ShutdownStack, which
// runs the registered callables last-registered-first.
#include "messaging.h"
#include "netconn.h"

#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace terminal {

using Step = std::pair<std::string, std::function<void()>>;

void runSteps(const std::vector<Step> &steps) {
  for (const Step &step : steps) {
    std::fprintf(stderr, "shutdown: %s\n", step.first.c_str());
    try {
      step.second();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "shutdown: %s failed: %s\n", step.first.c_str(), e.what());
      throw;
    }
  }
}

class ShutdownStack {
public:
  void push(std::string name, std::function<void()> fn) {
    steps_.emplace_back(std::move(name), std::move(fn));
  }
  void run() {
    for (auto it = steps_.rbegin(); it != steps_.rend(); ++it) {
      std::fprintf(stderr, "teardown: %s\n", it->first.c_str());
      it->second();
    }
    steps_.clear();
  }

private:
  std::vector<Step> steps_;
};

struct Terminal {
  std::string ship;
  int passengersAboard = 0;
  net::Connection gangway;
  kafka::KafkaProducer manifest;
  EventChannel portAuthority;
  ShutdownStack teardown;
};

void endEmbarkation(Terminal &t) {
  std::vector<Step> steps;
  steps.emplace_back("retract gangway", [&t] { t.gangway.send("RETRACT"); });
  steps.emplace_back("close gangway link", [&t] { t.gangway.close(); });
  steps.emplace_back("seal manifest", [&t] {
    t.manifest.send({"manifest." + t.ship, "sealed " + std::to_string(t.passengersAboard)});
    t.manifest.flush();
  });
  steps.emplace_back("close manifest producer", [&t] { t.manifest.close(); });
  steps.emplace_back("notify port authority", [&t] {
    t.portAuthority.send("ALL ABOARD " + t.ship);
    t.gangway.send("LOCK"); // BUG: use-after-close
  });
  steps.emplace_back("close port authority channel", [&t] { t.portAuthority.close(); });
  runSteps(steps);
}

void openGangwayShift(Terminal &t) {
  t.teardown.push("close gangway link", [&t] { t.gangway.close(); });
  t.gangway.send("EXTEND");
  t.teardown.push("retract gangway", [&t] { t.gangway.send("RETRACT"); }); // OK
  t.teardown.push("close port authority channel", [&t] { t.portAuthority.close(); });
  t.teardown.push("report gangway retracted", [&t] {
    t.portAuthority.send("GANGWAY RETRACTED " + t.ship); // OK
  });
}

void emergencyHold(Terminal &t) {
  runSteps({
      {"hold gangway", [&t] { t.gangway.send("HOLD"); }},
      {"flush manifest", [&t] { t.manifest.flush(); }},
      {"close manifest producer", [&t] { t.manifest.close(); }},
      {"notify port authority", [&t] { t.portAuthority.send("HOLD " + t.ship); }}, // OK
  });
}

} // namespace terminal

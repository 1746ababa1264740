// Undocking a ship from a shipyard graving dock. The dock controller runs an
// ordered list of named steps (flood the chamber, open the caisson, stop the
// pumps, ...). Gauge readings and step events are published to the yard's
// Kafka topic; the caisson's hydraulic log is a FILE*. runSteps() runs the
// steps in list order and stops at the first step that throws. In the
// flooding sequence the step that closes the event producer comes before
// the step that publishes the final water level.
#include "messaging.h"

#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

struct Step {
  std::string name;
  std::function<void()> run;
};

static bool runSteps(const std::vector<Step> &steps) {
  for (const Step &s : steps) {
    std::printf("dock step: %s\n", s.name.c_str());
    try {
      s.run();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "dock step %s failed: %s\n", s.name.c_str(), e.what());
      return false;
    }
  }
  return true;
}

struct DockGauges {
  double chamberLevelM = 0.0;
  double outsideLevelM = 0.0;
};

bool floodAndUndock(kafka::KafkaProducer &events, std::FILE *hydraulicLog, DockGauges &g) {
  std::vector<Step> steps;
  steps.push_back({"flood chamber", [&] {
                     g.chamberLevelM = g.outsideLevelM;
                     events.send({"dock.flood", std::to_string(g.chamberLevelM)}); // OK
                   }});
  steps.push_back({"open caisson", [&] {
                     std::fprintf(hydraulicLog, "caisson open at %.2f m\n", g.chamberLevelM);
                     events.send({"dock.caisson", "open"}); // OK
                   }});
  steps.push_back({"close event stream", [&] {
                     events.flush();
                     events.close();
                   }});
  steps.push_back({"publish final level", [&] {
                     events.send({"dock.level.final", std::to_string(g.chamberLevelM)}); // BUG: use-after-close
                   }});
  steps.push_back({"close hydraulic log", [&] { std::fclose(hydraulicLog); }});
  return runSteps(steps);
}

bool pumpOutAndDock(kafka::KafkaProducer &events, std::FILE *hydraulicLog, DockGauges &g) {
  std::vector<Step> steps = {
      {"close caisson", [&] { std::fprintf(hydraulicLog, "caisson closed\n"); }},
      {"pump out", [&] { g.chamberLevelM = 0.0; }},
      {"publish dry", [&] {
         events.send({"dock.level.final", std::to_string(g.chamberLevelM)}); // OK
         events.flush();
       }},
      {"close event stream", [&] { events.close(); }},
      {"close hydraulic log", [&] {
         std::fprintf(hydraulicLog, "dock dry\n"); // OK
         std::fclose(hydraulicLog);
       }},
  };
  return runSteps(steps);
}

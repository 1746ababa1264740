// Salt mine shift shutdown. The end of a shift, an evacuation and a
// maintenance window are each run as an ordered list of named steps:
// ShutdownPlan::run() and runSteps() execute every step in the order it was
// added. Mine events go to the surface control room over a Kafka producer;
// the skip hoist keeps its own operating log (std::ofstream).
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "messaging.h"

class ShutdownPlan {
public:
  ShutdownPlan &then(std::string name, std::function<void()> step) {
    steps_.push_back({std::move(name), std::move(step)});
    return *this;
  }

  void run() {
    for (Step &step : steps_) {
      std::fprintf(stderr, "shutdown: %s\n", step.name.c_str());
      step.fn();
    }
  }

private:
  struct Step {
    std::string name;
    std::function<void()> fn;
  };
  std::vector<Step> steps_;
};

using NamedStep = std::pair<const char *, std::function<void()>>;

void runSteps(const std::vector<NamedStep> &steps) {
  for (const NamedStep &step : steps) {
    std::fprintf(stderr, "maintenance: %s\n", step.first);
    step.second();
  }
}

struct Hoist {
  std::ofstream log;
  int skipsToday = 0;
  void park() { log << "PARK skips=" << skipsToday << '\n'; }
};

struct Shift {
  std::string id;
  int underground = 0;
};

void endOfShift(kafka::KafkaProducer &events, Hoist &hoist, const Shift &shift) {
  ShutdownPlan plan;
  plan.then("park skip hoist",
            [&] {
              hoist.park();
              events.send({"mine.hoist", "PARKED " + shift.id}); // OK
            })
      .then("ventilation to standby",
            [&] { events.send({"mine.vent", "STANDBY " + shift.id}); }) // OK
      .then("close event stream",
            [&] {
              events.flush();
              events.close();
            })
      .then("close hoist log", [&] { hoist.log.close(); })
      .then("final headcount", [&] {
        std::string count = std::to_string(shift.underground);
        events.send({"mine.shift", "HEADCOUNT " + shift.id + " " + count}); // BUG: use-after-close
      });
  plan.run();
}

void evacuation(kafka::KafkaProducer &events, Hoist &hoist, const Shift &shift) {
  ShutdownPlan plan;
  plan.then("sound evacuation", [&] { events.send({"mine.alarm", "EVACUATE"}); })
      .then("hoist to personnel mode",
            [&] { hoist.log << "PERSONNEL MODE\n"; }) // OK
      .then("report headcount",
            [&] {
              std::string count = std::to_string(shift.underground);
              events.send({"mine.shift", "UNDERGROUND " + count}); // OK
            })
      .then("close hoist log", [&] { hoist.log.close(); })
      .then("close event stream", [&] {
        events.flush(); // OK
        events.close();
      });
  plan.run();
}

void maintenanceWindow(kafka::KafkaProducer &events, Hoist &hoist,
                       const std::string &ropeInspector) {
  runSteps({
      {"announce", [&] { events.send({"mine.hoist", "MAINTENANCE"}); }},
      {"park", [&] { hoist.park(); }},
      {"rotate hoist log", [&] { hoist.log.close(); }},
      {"rope inspection",
       [&] { hoist.log << "ROPE INSPECTED by " << ropeInspector << '\n'; }}, // BUG: use-after-close
      {"resume notice", [&] { events.send({"mine.hoist", "BACK IN SERVICE"}); }}, // OK
  });
}

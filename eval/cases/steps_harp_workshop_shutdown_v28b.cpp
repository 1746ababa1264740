// Harp maker's workshop: the end-of-day shutdown of the string-tension
// bench. The bench publishes tuning events on an EventChannel and the
// workshop's order system gets finished-instrument records from a Kafka
// producer. Shutdown is a list of named steps run in order by runSteps(),
// which logs each step and carries on past a failing one; the order is
// configured where the bench is built.
#include "messaging.h"

#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

struct ShutdownStep {
  std::string name;
  std::function<void()> run;
};

static void runSteps(const std::vector<ShutdownStep> &steps) {
  for (const ShutdownStep &s : steps) {
    std::printf("shutdown: %s\n", s.name.c_str());
    try {
      s.run();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "shutdown step %s failed: %s\n", s.name.c_str(), e.what());
    }
  }
}

struct Harp {
  std::string serial;
  int strings;
  double meanTensionKg;
};

class TensionBench {
public:
  TensionBench(EventChannel &events, kafka::KafkaProducer &orders)
      : events_(events), orders_(orders) {}

  void tune(const Harp &h) {
    events_.send("tuned " + h.serial);
    tuned_.push_back(h);
  }

  std::vector<ShutdownStep> shutdownPlan() {
    std::vector<ShutdownStep> steps;
    steps.push_back({"announce", [this] {
                       events_.send("bench closing, " + std::to_string(tuned_.size()) +
                                    " harps today"); // OK
                     }});
    steps.push_back({"publish finished harps", [this] {
                       for (const Harp &h : tuned_)
                         orders_.send({"harps.finished", h.serial}); // OK
                       orders_.flush();
                     }});
    steps.push_back({"close order feed", [this] { orders_.close(); }});
    steps.push_back({"close bench channel", [this] { events_.close(); }});
    steps.push_back({"tension summary", [this] {
                       double total = 0;
                       for (const Harp &h : tuned_)
                         total += h.meanTensionKg * h.strings;
                       events_.send("total tension " + std::to_string(total)); // BUG: use-after-close
                     }});
    steps.push_back({"clear day", [this] { tuned_.clear(); }});
    return steps;
  }

private:
  EventChannel &events_;
  kafka::KafkaProducer &orders_;
  std::vector<Harp> tuned_;
};

void closeWorkshop(EventChannel &events, kafka::KafkaProducer &orders,
                   const std::vector<Harp> &today) {
  TensionBench bench(events, orders);
  for (const Harp &h : today)
    bench.tune(h);
  runSteps(bench.shutdownPlan());
}

void quickClose(EventChannel &events, kafka::KafkaProducer &orders) {
  std::vector<ShutdownStep> steps{
      {"flush orders", [&orders] { orders.flush(); }},
      {"close orders", [&orders] { orders.close(); }},
      {"last event", [&events] { events.send("workshop dark"); }}, // OK
      {"close events", [&events] { events.close(); }},
  };
  runSteps(steps);
}

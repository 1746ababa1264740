// Water park: at closing the operations console runs the evening wrap-up as
// a list of named steps built up front and then run in order: announce that
// the flumes are shut, publish the final headcount, close the telemetry
// producer, archive the chlorine readings, switch the tannoy off. A step that
// throws is logged and the run moves on to the next step.
#include "messaging.h"

#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace waterpark {

class Wrapup {
public:
  void add(std::string name, std::function<void()> step) {
    steps_.push_back({std::move(name), std::move(step)});
  }

  void run(std::FILE *log) {
    for (auto &step : steps_) {
      try {
        step.second();
        std::fprintf(log, "done: %s\n", step.first.c_str());
      } catch (const std::exception &e) {
        std::fprintf(log, "failed: %s (%s)\n", step.first.c_str(), e.what());
      }
    }
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

void eveningWrapup(kafka::KafkaProducer &telemetry, EventChannel &tannoy, std::FILE *log,
                   int headcount, double chlorinePpm) {
  Wrapup w;
  w.add("announce", [&tannoy] { tannoy.send("The flumes are now closed"); });
  w.add("headcount", [&telemetry, headcount] {
    telemetry.send({"park.headcount", std::to_string(headcount)}); // OK: runs before the close step
  });
  w.add("close telemetry", [&telemetry] {
    telemetry.flush();
    telemetry.close();
  });
  w.add("chlorine archive", [&telemetry, chlorinePpm] {
    telemetry.send({"park.chlorine", std::to_string(chlorinePpm)}); // BUG: use-after-close
  });
  w.add("late sensors", [&telemetry] {
    if (!telemetry.isClosed())
      telemetry.send({"park.sensors", "late batch"}); // OK
  });
  w.add("tannoy off", [&tannoy] { tannoy.close(); });
  w.run(log);
}

void lifeguardHandover(EventChannel &radio, std::FILE *log, const std::vector<std::string> &posts) {
  Wrapup w;
  for (const std::string &post : posts)
    w.add("relieve " + post, [&radio, post] {
      radio.send(post + " relieved"); // OK: every relief step is added before the close step
    });
  w.add("radio off", [&radio] { radio.close(); });
  w.run(log);
}

} // namespace waterpark

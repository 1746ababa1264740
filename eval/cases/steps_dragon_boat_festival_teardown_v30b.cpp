// Dragon boat festival, race office teardown after the last heat: the office
// runs its teardown through a StepRunner. Steps run in the order they were
// added; a step that throws stops the run and the runner's abort hook is
// called instead of the remaining steps. Each link is used only by steps
// added before the step that closes it, the steps added after a close check
// the handle first (a closed results sheet is nulled), and every lane's
// timing link is closed by its own step exactly once.
#include "messaging.h"

#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dragonboat {

class LaneTimingLink {
public:
  explicit LaneTimingLink(int lane) : lane_(lane) {}
  void send(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("lane " + std::to_string(lane_) + " timing link closed");
    last_ = cmd;
  }
  void close() {
    if (closed_)
      throw std::logic_error("lane timing link already closed");
    closed_ = true;
  }
  bool isClosed() const { return closed_; }
  int lane() const { return lane_; }

private:
  int lane_;
  std::string last_;
  bool closed_ = false;
};

class StepRunner {
public:
  void add(std::string name, std::function<void()> fn) {
    steps_.emplace_back(std::move(name), std::move(fn));
  }
  void onAbort(std::function<void()> fn) { abort_ = std::move(fn); }

  bool run() {
    for (auto &step : steps_) {
      try {
        step.second();
      } catch (const std::exception &e) {
        std::fprintf(stderr, "teardown step '%s' failed: %s\n", step.first.c_str(), e.what());
        if (abort_)
          abort_();
        return false;
      }
    }
    return true;
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
  std::function<void()> abort_;
};

struct RaceOffice {
  std::vector<LaneTimingLink> lanes;
  EventChannel results;
  std::FILE *sheet = nullptr;
  std::string festival;
};

bool tearDown(RaceOffice &office) {
  StepRunner runner;
  runner.onAbort([&office] {
    if (office.results.isOpen())
      office.results.close(); // OK
  });
  for (LaneTimingLink &lane : office.lanes) {
    runner.add("stop clock", [&lane] { lane.send("STOP"); });
    runner.add("close lane link", [&lane] { lane.close(); }); // OK
  }
  runner.add("final standings", [&office] {
    std::fprintf(office.sheet, "final standings, %s\n", office.festival.c_str());
    office.results.send("FINAL " + office.festival);
  });
  runner.add("close results sheet", [&office] {
    std::fclose(office.sheet);
    office.sheet = nullptr;
  });
  runner.add("sign-off", [&office] {
    if (office.sheet)
      std::fprintf(office.sheet, "signed off\n"); // OK
    office.results.send("SIGNED OFF " + office.festival); // OK
  });
  runner.add("lane check", [&office] {
    for (LaneTimingLink &lane : office.lanes)
      if (!lane.isClosed())
        lane.send("PARK"); // OK
  });
  runner.add("close results channel", [&office] { office.results.close(); });
  return runner.run();
}

} // namespace dragonboat

// Motorhome winterizing checklist: the van's control panel builds a list of
// named shutdown steps (std::function) and then runs them in order. The
// water pump and the leisure battery are controlled through the panel's own
// classes, whose commands throw once close() has run. One step closes the
// pump's controller; a step queued after it still asks the pump to purge
// the lines, while the battery step checks before its last command.
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PumpController {
public:
  void run(const std::string &mode) {
    if (closed_)
      throw std::runtime_error("pump controller closed");
    lastMode_ = mode;
  }
  void close() { closed_ = true; }
  bool isOpen() const { return !closed_; }

private:
  std::string lastMode_;
  bool closed_ = false;
};

class BatteryIsolator {
public:
  void setLoad(const std::string &circuit, bool on) {
    if (closed_)
      throw std::runtime_error("battery isolator closed");
    (void)circuit;
    (void)on;
  }
  void close() { closed_ = true; }
  bool isOpen() const { return !closed_; }

private:
  bool closed_ = false;
};

struct Step {
  std::string name;
  std::function<void()> action;
};

void winterize(PumpController &pump, BatteryIsolator &battery, bool antifreezeInTank) {
  std::vector<Step> steps;
  steps.push_back({"drain fresh tank", [&pump] { pump.run("drain"); }}); // OK: runs before the pump is closed
  steps.push_back({"open taps", [&pump] { pump.run("taps-open"); }});
  steps.push_back({"pump off", [&pump] { pump.close(); }});
  if (antifreezeInTank)
    steps.push_back({"antifreeze", [&pump] {
                       pump.run("purge"); // BUG: use-after-close
                     }});
  steps.push_back({"fridge off", [&battery] { battery.setLoad("fridge", false); }}); // OK: the battery closes later
  steps.push_back({"isolate battery", [&battery] { battery.close(); }});
  steps.push_back({"alarm", [&battery] {
                     if (battery.isOpen())
                       battery.setLoad("alarm", true); // OK: checked after the isolator closed
                   }});
  for (Step &s : steps)
    s.action();
}

void springRecommission(PumpController &pump, BatteryIsolator &battery) {
  std::vector<std::function<void()>> steps{
      [&battery] {
        if (battery.isOpen())
          battery.setLoad("fridge", true); // OK: guarded
      },
      [&pump] {
        if (pump.isOpen())
          pump.run("prime"); // OK: guarded
      },
  };
  for (auto &step : steps)
    step();
}

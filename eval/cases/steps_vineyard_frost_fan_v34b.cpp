// Frost fans of a vineyard: on frost nights wind machines mix warm air down
// into the vines. At dawn each site runs a shutdown plan made of polymorphic
// steps; in a storm the site runs a plan of named steps from a registry. The
// mistake: the dawn plan records the fan's speed after the DisconnectFan step
// has closed the control link. The storm plan is ordered correctly: the link
// is re-established before the fan is commanded again.
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class FanController {
public:
  explicit FanController(int id) : id_(id) {}
  void connect() { linked_ = true; }
  void command(const std::string &cmd);
  int rpm() const;
  void disconnect() { linked_ = false; }
  bool connected() const { return linked_; }

private:
  int id_;
  bool linked_ = false;
  int rpm_ = 0;
};

void FanController::command(const std::string &cmd) {
  if (!linked_)
    throw std::runtime_error("fan " + std::to_string(id_) + ": control link closed");
  rpm_ = cmd == "FEATHER" ? 0 : 590;
}

int FanController::rpm() const {
  if (!linked_)
    throw std::runtime_error("fan " + std::to_string(id_) + ": control link closed");
  return rpm_;
}

struct FanSite {
  FanController fan;
  std::ofstream telemetry;
};

struct Step {
  virtual ~Step() = default;
  virtual void run(FanSite &site) = 0;
};

struct FeatherBlades : Step {
  void run(FanSite &site) override { site.fan.command("FEATHER"); } // OK: first step of the dawn plan
};

struct DisconnectFan : Step {
  void run(FanSite &site) override { site.fan.disconnect(); }
};

struct RecordRpm : Step {
  void run(FanSite &site) override { site.telemetry << "rpm " << site.fan.rpm() << '\n'; } // BUG: use-after-close
};

struct ReportIfLinked : Step {
  void run(FanSite &site) override {
    if (site.fan.connected())
      site.telemetry << "still linked, rpm " << site.fan.rpm() << '\n'; // OK: guarded by connected()
  }
};

struct CloseTelemetry : Step {
  void run(FanSite &site) override {
    if (site.telemetry.is_open())
      site.telemetry.close();
  }
};

void dawn_shutdown(FanSite &site) {
  if (!site.fan.connected())
    site.fan.connect();
  std::vector<std::unique_ptr<Step>> plan;
  plan.push_back(std::make_unique<FeatherBlades>());
  plan.push_back(std::make_unique<DisconnectFan>());
  plan.push_back(std::make_unique<RecordRpm>());
  plan.push_back(std::make_unique<ReportIfLinked>());
  plan.push_back(std::make_unique<CloseTelemetry>());
  for (auto &step : plan)
    step->run(site);
}

using Action = std::function<void(FanSite &)>;

static std::map<std::string, Action> make_registry() {
  std::map<std::string, Action> r;
  r["heat-check"] = [](FanSite &s) { s.telemetry << "rpm " << s.fan.rpm() << '\n'; }; // OK: storm order runs it before "unlink"
  r["unlink"] = [](FanSite &s) { s.fan.disconnect(); };
  r["relink"] = [](FanSite &s) { s.fan.connect(); };
  r["spin-up"] = [](FanSite &s) { s.fan.command("SPIN"); }; // OK: storm order relinks first
  r["close-telemetry"] = [](FanSite &s) {
    if (s.telemetry.is_open())
      s.telemetry.close();
  };
  return r;
}

void storm_plan(FanSite &site) {
  static const std::map<std::string, Action> registry = make_registry();
  const std::vector<std::string> order = {"heat-check", "unlink", "relink", "spin-up", "close-telemetry"};
  if (!site.fan.connected())
    site.fan.connect();
  for (const auto &name : order)
    registry.at(name)(site);
}

// A paddlewheel showboat plays a steam whistle organ on its top deck: valves are
// driven over a serial valve bus and the boiler is vented through a separate
// boiler link. Teardown after a show runs a plan of polymorphic steps; the
// deck crew also has a registry of named steps kept in a std::map. Bugs: the
// end-of-season plan drains condensate through the valve bus after the bus
// was closed, and the registry runs its steps in key order (std::map), so
// "bus-close" runs before "whistles-off". The nightly plan and the numbered
// registry run in the right order.
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class ValveBus {
 public:
  explicit ValveBus(int fd) : fd_(fd) {}
  void set_valve(int valve, bool open) {
    if (fd_ < 0) throw std::runtime_error("valve bus closed");
    char cmd[16];
    int n = std::snprintf(cmd, sizeof cmd, "V%02d%c\n", valve, open ? '1' : '0');
    ::write(fd_, cmd, static_cast<size_t>(n));
  }
  void all_shut() {
    for (int v = 0; v < 32; ++v) set_valve(v, false);
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class BoilerLink {
 public:
  explicit BoilerLink(int fd) : fd_(fd) {}
  void vent() {
    if (fd_ < 0) throw std::runtime_error("boiler link closed");
    ::write(fd_, "VENT\n", 5);
  }

 private:
  int fd_;
};

class Step {
 public:
  virtual ~Step() = default;
  virtual void run() = 0;
};

class SilenceWhistles : public Step {
 public:
  explicit SilenceWhistles(ValveBus& b) : bus_(b) {}
  void run() override { bus_.all_shut(); }  // OK: every plan runs it before CloseBus

 private:
  ValveBus& bus_;
};

class CloseBus : public Step {
 public:
  explicit CloseBus(ValveBus& b) : bus_(b) {}
  void run() override { bus_.close(); }

 private:
  ValveBus& bus_;
};

class VentBoiler : public Step {
 public:
  explicit VentBoiler(BoilerLink& b) : boiler_(b) {}
  void run() override { boiler_.vent(); }  // OK: the boiler link is never closed here

 private:
  BoilerLink& boiler_;
};

class DrainCondensate : public Step {
 public:
  explicit DrainCondensate(ValveBus& b) : bus_(b) {}
  void run() override { bus_.set_valve(31, true); }  // BUG: use-after-close

 private:
  ValveBus& bus_;
};

static void run_plan(const std::vector<std::unique_ptr<Step>>& plan) {
  for (const auto& step : plan) step->run();
}

void nightly(ValveBus& bus, BoilerLink& boiler) {
  std::vector<std::unique_ptr<Step>> plan;
  plan.push_back(std::make_unique<SilenceWhistles>(bus));
  plan.push_back(std::make_unique<VentBoiler>(boiler));
  plan.push_back(std::make_unique<CloseBus>(bus));
  run_plan(plan);
}

void end_of_season(ValveBus& bus, BoilerLink& boiler) {
  std::vector<std::unique_ptr<Step>> plan;
  plan.push_back(std::make_unique<SilenceWhistles>(bus));
  plan.push_back(std::make_unique<CloseBus>(bus));
  plan.push_back(std::make_unique<VentBoiler>(boiler));
  plan.push_back(std::make_unique<DrainCondensate>(bus));
  run_plan(plan);
}

void deck_teardown(ValveBus& bus, BoilerLink& boiler) {
  std::map<std::string, std::function<void()>> registry;
  registry["whistles-off"] = [&] { bus.set_valve(0, false); };  // BUG: use-after-close
  registry["boiler-vent"] = [&] { boiler.vent(); };
  registry["bus-close"] = [&] { bus.close(); };
  for (auto& [name, step] : registry) step();
}

void deck_teardown_numbered(ValveBus& bus, BoilerLink& boiler) {
  std::map<std::string, std::function<void()>> registry;
  registry["1-whistles-off"] = [&] { bus.set_valve(0, false); };  // OK: "1-" sorts before "3-"
  registry["2-boiler-vent"] = [&] { boiler.vent(); };
  registry["3-bus-close"] = [&] { bus.close(); };
  for (auto& [name, step] : registry) step();
}

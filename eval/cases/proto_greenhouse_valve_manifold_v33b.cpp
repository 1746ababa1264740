// Greenhouse drip irrigation: a ValveManifold session opens zone valves over
// an RS-485 link and throws when used after shutdown() or shut down twice.
// The IrrigationPlanner runs watering cycles. Negative case: every open after
// a shutdown goes through a state check stored in a local, through a fresh
// session emplaced into the optional, or through the frost-drain manifold,
// which is a different object; the destructor shuts down only if running.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

enum class ManifoldState { Running, ShutDown };

class ValveManifold {
public:
  explicit ValveManifold(std::string link) : link_(std::move(link)) {}
  ~ValveManifold();
  ValveManifold(const ValveManifold &) = delete;
  ValveManifold &operator=(const ValveManifold &) = delete;

  void openZone(int zone, int seconds);
  void shutdown();
  ManifoldState state() const { return state_; }

private:
  void ensureRunning(const char *what) const;

  std::string link_;
  ManifoldState state_ = ManifoldState::Running;
  std::vector<std::pair<int, int>> log_;
};

struct ZonePlan {
  int zone = 0;
  int seconds = 0;
  double soilMoisture = 0.0;
};

class IrrigationPlanner {
public:
  explicit IrrigationPlanner(std::string link) : link_(std::move(link)) {
    session_.emplace(link_);
  }
  void runCycle(const std::vector<ZonePlan> &plans);
  void frostDrain(ValveManifold &drain);
  void restartAfterFault();

private:
  std::string link_;
  std::optional<ValveManifold> session_;
};

void ValveManifold::ensureRunning(const char *what) const {
  if (state_ != ManifoldState::Running)
    throw std::runtime_error(std::string("valve manifold shut down: ") + what);
}

void ValveManifold::openZone(int zone, int seconds) {
  ensureRunning("openZone");
  log_.emplace_back(zone, seconds);
}

void ValveManifold::shutdown() {
  ensureRunning("shutdown");
  state_ = ManifoldState::ShutDown;
  log_.clear();
}

ValveManifold::~ValveManifold() {
  if (state_ == ManifoldState::Running)
    shutdown(); // OK: only while still running
}

void IrrigationPlanner::runCycle(const std::vector<ZonePlan> &plans) {
  if (!session_)
    return;
  ValveManifold &m = *session_;
  for (const ZonePlan &p : plans) {
    if (p.soilMoisture > 0.42)
      continue;
    const ManifoldState st = m.state();
    if (st == ManifoldState::ShutDown)
      break;
    m.openZone(p.zone, p.seconds); // OK: state checked in this iteration
    if (p.seconds > 1800) {
      m.shutdown(); // a runaway timer: stop the whole manifold
    }
  }
}

void IrrigationPlanner::frostDrain(ValveManifold &drain) {
  if (session_ && session_->state() == ManifoldState::Running)
    session_->shutdown();
  drain.openZone(0, 90); // OK: the drain manifold is not the one shut down
  drain.shutdown();
}

void IrrigationPlanner::restartAfterFault() {
  if (session_ && session_->state() == ManifoldState::Running)
    session_->shutdown();
  session_.reset();
  session_.emplace(link_);
  session_->openZone(1, 30); // OK: a fresh session emplaced above
}

int main() {
  IrrigationPlanner planner("/dev/ttyRS485-0");
  planner.runCycle({{1, 600, 0.31}, {2, 2400, 0.20}, {3, 600, 0.25}});
  planner.restartAfterFault();
  ValveManifold drain("/dev/ttyRS485-1");
  planner.frostDrain(drain);
  planner.runCycle({{4, 300, 0.10}}); // OK: runCycle() reads the state first
  return 0;
}

// Abalone grow-out farm: every tank has an oxygen-dosing valve link kept in a
// std::map by tank number, and each grading line has a sensor link in a vector
// of unique_ptr. cull_tank() closes one tank's valve; the post-cull flush is
// then sent to the same tank number instead of the neighbour it meant. The
// night shutdown closes every grading sensor in a loop and afterwards asks the
// first one for a final reading; the morning report keeps a reference to the
// valve it is about to close and pulses it afterwards. Replacing a tank's link
// (erase then emplace) and dosing other tanks are fine.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ValveLink {
 public:
  explicit ValveLink(int tank) : tank_(tank) {}
  void dose(double litres_per_min) {
    if (shut_) throw std::runtime_error("valve link for tank " + std::to_string(tank_) + " shut");
    rate_ = litres_per_min;
  }
  void shut() {
    if (shut_) throw std::runtime_error("valve link already shut");
    shut_ = true;
  }
  bool is_shut() const { return shut_; }

 private:
  int tank_;
  double rate_ = 0.0;
  bool shut_ = false;
};

class GradingSensor {
 public:
  explicit GradingSensor(std::string line) : line_(std::move(line)) {}
  double read_mg_per_l() {
    if (!connected_) throw std::runtime_error("grading sensor " + line_ + " disconnected");
    return 7.8;
  }
  void disconnect() { connected_ = false; }

 private:
  std::string line_;
  bool connected_ = true;
};

class TankFarm {
 public:
  void add_tank(int n) { valves_.emplace(n, ValveLink(n)); }
  void add_line(const std::string& name) { sensors_.push_back(std::make_unique<GradingSensor>(name)); }

  void cull_tank(int tank, int neighbour) {
    if (tank == neighbour) throw std::invalid_argument("neighbour must differ from the culled tank");
    if (valves_.at(tank).is_shut()) return;
    valves_.at(tank).shut();
    if (!valves_.at(neighbour).is_shut()) valves_.at(neighbour).dose(0.4);  // OK: a different, open tank
    valves_.at(tank).dose(1.2);  // BUG: use-after-close
  }

  void replace_valve(int tank) {
    if (!valves_.at(tank).is_shut()) valves_.at(tank).shut();
    valves_.erase(tank);
    valves_.emplace(tank, ValveLink(tank));
    valves_.at(tank).dose(0.8);  // OK: the element was replaced by a fresh link
  }

  void morning_report() {
    if (valves_.empty()) return;
    ValveLink& hatch = valves_.begin()->second;
    if (!hatch.is_shut()) hatch.dose(0.5);  // OK: guarded
    for (auto& [n, v] : valves_) {
      if (!v.is_shut()) v.shut();
    }
    hatch.dose(0.1);  // BUG: use-after-close
  }

  void skip_closed_tanks() {
    for (auto& [n, v] : valves_) {
      if (v.is_shut()) continue;
      v.dose(0.3);  // OK: shut tanks are skipped
    }
  }

  double night_shutdown() {
    if (sensors_.empty()) return 0;
    double total = 0;
    for (auto& s : sensors_) total += s->read_mg_per_l();  // OK: before the disconnect loop
    for (auto& s : sensors_) s->disconnect();
    total += sensors_[0]->read_mg_per_l();  // BUG: use-after-close
    return total;
  }

 private:
  std::map<int, ValveLink> valves_;
  std::vector<std::unique_ptr<GradingSensor>> sensors_;
};

void shift() {
  TankFarm farm;
  for (int t = 1; t <= 6; ++t) farm.add_tank(t);
  farm.add_line("grading A");
  farm.add_line("grading B");
  farm.replace_valve(3);
  farm.skip_closed_tanks();
  farm.cull_tank(4, 5);
}

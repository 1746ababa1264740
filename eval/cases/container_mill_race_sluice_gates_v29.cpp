// Watermill restoration: the mill race has a handful of sluice gates, each driven by an
// actuator reached over its own link. The gate registry keeps one link per gate id;
// gates are set to a percentage opening, taken out of service for maintenance (link
// closed, entry kept so the gate still shows on the panel), re-commissioned with a new
// link, and everything is closed at night after the flood watch.
#include "netconn.h"

#include <map>
#include <string>
#include <vector>

struct GateSpec {
  std::string id;
  std::string endpoint;
};

class SluiceRegistry {
public:
  void commission(const GateSpec &g);
  bool set_opening(const std::string &id, int percent);
  void take_out_of_service(const std::string &id);
  void flood_watch(double race_level_m);
  void close_all();
  size_t in_service() const;

private:
  std::map<std::string, net::Connection> gates_;
  std::map<std::string, int> opening_;
};

void SluiceRegistry::commission(const GateSpec &g) {
  gates_.erase(g.id);
  auto it = gates_.emplace(g.id, net::Connection(g.endpoint)).first;
  it->second.send("HOME"); // OK
  opening_[g.id] = 0;
}

bool SluiceRegistry::set_opening(const std::string &id, int percent) {
  auto it = gates_.find(id);
  if (it == gates_.end() || it->second.isClosed())
    return false;
  it->second.send("SET " + std::to_string(percent)); // OK
  opening_[id] = percent;
  return true;
}

void SluiceRegistry::take_out_of_service(const std::string &id) {
  auto it = gates_.find(id);
  if (it == gates_.end())
    return;
  net::Connection &link = it->second;
  if (!link.isClosed()) {
    link.send("SET 0");
    link.flush();
  }
  link.close();
  opening_[id] = 0;
}

void SluiceRegistry::flood_watch(double race_level_m) {
  if (race_level_m < 1.8)
    return;
  for (auto &entry : gates_) {
    if (entry.second.isClosed())
      continue;
    entry.second.send("SET 100"); // OK
    opening_[entry.first] = 100;
  }
}

void SluiceRegistry::close_all() {
  for (auto &entry : gates_) {
    entry.second.send("SET 0"); // BUG: use-after-close
    entry.second.close();
  }
}

size_t SluiceRegistry::in_service() const {
  size_t n = 0;
  for (const auto &entry : gates_)
    if (!entry.second.isClosed())
      ++n;
  return n;
}

void night_routine(SluiceRegistry &reg, const std::vector<GateSpec> &gates,
                   const std::vector<std::string> &maintenance, double race_level_m) {
  for (const GateSpec &g : gates)
    reg.commission(g);
  for (const std::string &id : maintenance)
    reg.take_out_of_service(id);
  reg.flood_watch(race_level_m);
  if (!maintenance.empty() && !gates.empty())
    reg.commission(gates.front());
  reg.close_all();
}

class WheelPitPumps {
public:
  void add(const std::string &endpoint) { pumps_.emplace_back(endpoint); }
  void stop_all() {
    for (net::Connection &p : pumps_)
      p.close();
  }
  void report(const std::string &msg) {
    for (net::Connection &p : pumps_)
      p.send(msg); // SAME: pumps_after_stop
  }

private:
  std::vector<net::Connection> pumps_;
};

void pit_shutdown(WheelPitPumps &pumps, int minutes_run) {
  pumps.stop_all();
  pumps.report("RUNTIME " + std::to_string(minutes_run)); // BUG: use-after-close #pumps_after_stop
}

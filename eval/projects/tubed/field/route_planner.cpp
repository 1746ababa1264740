// RoutePlanner: breadth-first search over the hop table, then sets each diverter on the
// path while the route-lock register is held. Negative file: the lock lease is discarded
// only on the path that returns right away, and verify() falls back to a second, distinct
// lease when the first one is discarded.
#include "route_planner.h"

#include <deque>
#include <set>

namespace tubed {

namespace {
constexpr std::uint16_t kRouteLockReg = 0x0010;
std::uint16_t status_reg(int diverter) { return static_cast<std::uint16_t>(0x2000 + diverter); }
}  // namespace

RoutePlanner::RoutePlanner(std::shared_ptr<FieldbusPool> bus, std::shared_ptr<DiverterController> diverters)
    : bus_(std::move(bus)), diverters_(std::move(diverters)) {}

void RoutePlanner::add_hop(const std::string& from, const std::string& to, int diverter, int port) {
  hops_[from].push_back(Hop{to, diverter, port});
}

std::vector<RoutePlanner::Hop> RoutePlanner::path(const std::string& from, const std::string& to) const {
  std::map<std::string, std::pair<std::string, Hop>> came_from;
  std::set<std::string> seen{from};
  std::deque<std::string> open{from};
  while (!open.empty()) {
    const std::string at = open.front();
    open.pop_front();
    if (at == to) break;
    auto it = hops_.find(at);
    if (it == hops_.end()) continue;
    for (const Hop& hop : it->second) {
      if (!seen.insert(hop.to).second) continue;
      came_from.emplace(hop.to, std::make_pair(at, hop));
      open.push_back(hop.to);
    }
  }
  std::vector<Hop> reversed;
  for (std::string at = to; at != from;) {
    auto it = came_from.find(at);
    if (it == came_from.end()) return {};
    reversed.push_back(it->second.second);
    at = it->second.first;
  }
  return std::vector<Hop>(reversed.rbegin(), reversed.rend());
}

Status RoutePlanner::route(const std::string& from, const std::string& to) {
  const std::vector<Hop> hops = path(from, to);
  if (hops.empty()) return Status::error(Code::NotFound, "no route " + from + " -> " + to);
  Lease lock = bus_->acquire();
  Status s = lock->write_register(kRouteLockReg, 1);
  if (!s.is_ok()) {
    lock.discard();
    return s;
  }
  for (const Hop& hop : hops) {
    s = diverters_->set_position(hop.diverter, hop.port);
    if (!s.is_ok()) break;
  }
  Status unlocked = lock->write_register(kRouteLockReg, 0); // OK: discard() ran only on the path that returned above
  if (!unlocked.is_ok()) lock.discard();
  return s.is_ok() ? unlocked : s;
}

Result<int> RoutePlanner::verify(int diverter) {
  Lease probe = bus_->acquire();
  Lease spare = bus_->acquire();
  Result<std::uint16_t> r = probe->read_register(status_reg(diverter));
  if (!r.ok()) {
    probe.discard();
    r = spare->read_register(status_reg(diverter)); // OK: spare is a different connection from the discarded probe
  }
  if (!r.ok()) return r.status();
  return static_cast<int>(r.value());
}

}  // namespace tubed

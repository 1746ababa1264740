// PointDatabase: latest values with change-of-value filtering, and the text
// serialization used by the snapshot file.
#include "point_database.h"

#include <cmath>

#include "format.h"

namespace bmsd {

double covThreshold(PointKind kind) {
  switch (kind) {
  case PointKind::Temperature:
  case PointKind::Setpoint:
    return 0.1;
  case PointKind::Humidity:
    return 1.0;
  case PointKind::EnergyKwh:
    return 0.5;
  case PointKind::Occupancy:
  case PointKind::DoorState:
  case PointKind::Lighting:
  case PointKind::ElevatorStatus:
    return 0.0;
  }
  return 0.0;
}

bool PointDatabase::update(const PointValue &pv) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = points_.find(pv.name);
  if (it == points_.end()) {
    points_.emplace(pv.name, pv);
    return true;
  }
  const bool changed = std::fabs(it->second.value - pv.value) > covThreshold(pv.kind) ||
                       (covThreshold(pv.kind) == 0.0 && it->second.value != pv.value);
  it->second = pv;
  return changed;
}

std::optional<PointValue> PointDatabase::get(const std::string &name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = points_.find(name);
  if (it == points_.end())
    return std::nullopt;
  return it->second;
}

std::vector<PointValue> PointDatabase::snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<PointValue> all;
  all.reserve(points_.size());
  for (const auto &[name, pv] : points_)
    all.push_back(pv);
  return all;
}

std::vector<PointValue> PointDatabase::snapshotOfKind(PointKind kind) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<PointValue> some;
  for (const auto &[name, pv] : points_)
    if (pv.kind == kind)
      some.push_back(pv);
  return some;
}

std::size_t PointDatabase::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return points_.size();
}

std::string PointDatabase::serialize() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::string text = "# bmsd point snapshot v1\n";
  for (const auto &[name, pv] : points_)
    text += pv.controllerId + "\t" + name + "\t" + kindName(pv.kind) + "\t" +
            formatValue(pv.value) + "\t" + isoTime(pv.at) + "\n";
  return text;
}

} // namespace bmsd

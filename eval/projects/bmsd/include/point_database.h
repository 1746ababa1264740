// PointDatabase: the latest value of every point, keyed by point name.
// saveSnapshot() lives in point_snapshot.cpp.
#pragma once
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "point.h"
#include "status.h"

namespace bmsd {

class PointDatabase {
public:
  // Returns true when the value changed by more than the point's
  // change-of-value threshold (or the point is new).
  bool update(const PointValue &pv);
  std::optional<PointValue> get(const std::string &name) const;
  std::vector<PointValue> snapshot() const;
  std::vector<PointValue> snapshotOfKind(PointKind kind) const;
  std::size_t size() const;

  std::string serialize() const;
  Status saveSnapshot(const std::string &path) const;

private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, PointValue> points_;
};

double covThreshold(PointKind kind);

} // namespace bmsd

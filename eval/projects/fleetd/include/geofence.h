// GeofenceEngine: polygons loaded from a file; reports trucks entering or
// leaving a zone to the registered callback.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "telemetry.h"

namespace fleetd {

struct Zone {
  std::string id;
  std::string name;
  bool alertOnEnter = true;
  bool alertOnExit = false;
  std::vector<GeoPoint> polygon;
};

struct GeofenceEvent {
  std::string vin;
  std::string zoneId;
  std::string zoneName;
  bool entered = false;
  std::int64_t timestampMs = 0;
  GeoPoint where;
};

class GeofenceEngine {
public:
  using Callback = std::function<void(const GeofenceEvent &)>;

  // Replaces the zones; throws std::runtime_error on a malformed file.
  void load(const std::string &path);
  void onEvent(Callback callback);
  void evaluate(const PositionReport &p);
  std::size_t zoneCount() const { return zones_.size(); }

private:
  static bool contains(const std::vector<GeoPoint> &polygon, const GeoPoint &pt);

  std::vector<Zone> zones_;
  std::map<std::string, std::set<std::string>> inside_; // vin -> zone ids
  std::vector<Callback> callbacks_;
};

} // namespace fleetd

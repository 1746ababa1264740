// GeofenceEngine: zones are read from a text file, one per line:
//   <id>;<name>;<enter|exit|both>;<lat> <lon>,<lat> <lon>,...
// A position is tested against every zone with the even-odd rule; crossing
// a zone boundary in a direction the zone alerts on calls the callbacks.
#include "geofence.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace fleetd {

void GeofenceEngine::load(const std::string &path) {
  std::vector<Zone> zones;
  if (!path.empty()) {
    std::ifstream in(path);
    if (!in)
      throw std::runtime_error("cannot read geofences from " + path);
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
      ++lineNo;
      if (line.empty() || line[0] == '#')
        continue;
      std::istringstream fields(line);
      Zone z;
      std::string mode, points;
      if (!std::getline(fields, z.id, ';') || !std::getline(fields, z.name, ';') ||
          !std::getline(fields, mode, ';') || !std::getline(fields, points))
        throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": malformed zone");
      z.alertOnEnter = mode == "enter" || mode == "both";
      z.alertOnExit = mode == "exit" || mode == "both";
      std::istringstream pts(points);
      std::string pt;
      while (std::getline(pts, pt, ',')) {
        std::istringstream ll(pt);
        GeoPoint g;
        if (!(ll >> g.lat >> g.lon))
          throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": bad point");
        z.polygon.push_back(g);
      }
      if (z.polygon.size() < 3)
        throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": zone needs 3 points");
      zones.push_back(std::move(z));
    }
  }
  zones_ = std::move(zones);
  inside_.clear();
}

void GeofenceEngine::onEvent(Callback callback) { callbacks_.push_back(std::move(callback)); }

bool GeofenceEngine::contains(const std::vector<GeoPoint> &polygon, const GeoPoint &pt) {
  bool in = false;
  for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
    const GeoPoint &a = polygon[i], &b = polygon[j];
    if ((a.lat > pt.lat) != (b.lat > pt.lat) &&
        pt.lon < (b.lon - a.lon) * (pt.lat - a.lat) / (b.lat - a.lat) + a.lon)
      in = !in;
  }
  return in;
}

void GeofenceEngine::evaluate(const PositionReport &p) {
  std::set<std::string> &inside = inside_[p.vin];
  for (const Zone &z : zones_) {
    bool now = contains(z.polygon, p.where);
    bool before = inside.count(z.id) != 0;
    if (now == before)
      continue;
    if (now)
      inside.insert(z.id);
    else
      inside.erase(z.id);
    if ((now && !z.alertOnEnter) || (!now && !z.alertOnExit))
      continue;
    GeofenceEvent ev{p.vin, z.id, z.name, now, p.timestampMs, p.where};
    for (const Callback &cb : callbacks_)
      cb(ev);
  }
}

} // namespace fleetd

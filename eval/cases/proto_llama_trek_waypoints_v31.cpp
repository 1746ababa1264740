// Llama trekking: the guide's handheld keeps a trail session per trek that
// records waypoints and each llama's pack weight. The session is closed when
// the group reaches the farm (or turns back in the rain); every operation
// checks the session's phase through requireOpen() and throws once it is
// closed. A new trek starts from a freshly assigned session.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace llamatrek {

struct Stop {
  double lat;
  double lon;
  bool farm;
};

class TrailSession {
public:
  enum class Phase { Planned, OnTrail, Closed };

  void start() {
    requireOpen("start");
    phase_ = Phase::OnTrail;
  }
  void waypoint(double lat, double lon) {
    requireOpen("waypoint");
    points_.push_back({lat, lon, false});
  }
  void packWeight(const std::string &llama, int kg) {
    requireOpen("packWeight");
    packs_[llama] = kg;
  }
  void close() { phase_ = Phase::Closed; }
  Phase phase() const { return phase_; }

private:
  void requireOpen(const char *op) const {
    if (phase_ == Phase::Closed)
      throw std::logic_error(std::string("trail session closed: ") + op);
  }

  Phase phase_ = Phase::Planned;
  std::vector<Stop> points_;
  std::map<std::string, int> packs_;
};

void trek(TrailSession &s, const std::vector<Stop> &stops) {
  s.start();
  for (const Stop &st : stops) {
    s.waypoint(st.lat, st.lon);
    if (st.farm) {
      s.close();
      break;
    }
  }
  if (s.phase() != TrailSession::Phase::Closed)
    s.packWeight("Pablo", 18); // OK: skipped once the farm closed the session
}

void picnicStop(TrailSession &s, bool raining, const Stop &meadow) {
  if (raining) {
    s.close();
    return;
  }
  s.waypoint(meadow.lat, meadow.lon); // OK: the rain path returned
}

void unloadAtFarm(TrailSession &s, const Stop &farm, const std::map<std::string, int> &packs) {
  s.waypoint(farm.lat, farm.lon);
  s.close();
  for (const auto &p : packs)
    s.packWeight(p.first, p.second); // BUG: use-after-close
}

void secondTrek(TrailSession &s, const std::vector<Stop> &stops) {
  s.close();
  s = TrailSession();
  trek(s, stops); // OK: a fresh session was assigned
}

} // namespace llamatrek

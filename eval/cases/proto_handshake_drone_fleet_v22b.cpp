// Ground control for a fleet of survey drones. Each drone has an
// UplinkSession with a small protocol: connect, HELLO handshake, waypoints,
// BYE, close; a lost link is re-established with reopen(). Fleet state is
// mirrored to the backup ground station over a repl::ReplicationChannel
// (replication.h: send() on a closed channel fails), replaced by a new channel
// when the backup link drops.
// UplinkSession::sendWaypoint() throws std::logic_error unless the session is
// Open; close() is idempotent (a no-op when already Closed); reopen() dials
// again and redoes the handshake.
// Negative case: every send after a close goes to a reopened session, a new
// channel, or a different drone's session, or is guarded by the state; the
// second close in abortMission() is a documented no-op.
#include "replication.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

int dialDrone(const std::string &callsign);
bool exchange(int fd, const std::string &line, std::string *reply);
void hangUp(int fd);

class UplinkSession {
public:
  enum class State { Closed, Open };

  explicit UplinkSession(std::string callsign) : callsign_(std::move(callsign)) { reopen(); }
  ~UplinkSession() { close(); }
  UplinkSession(const UplinkSession &) = delete;
  UplinkSession &operator=(const UplinkSession &) = delete;

  void reopen() {
    close();
    fd_ = dialDrone(callsign_);
    std::string reply;
    if (!exchange(fd_, "HELLO GCS/2", &reply) || reply.rfind("HELLO", 0) != 0) {
      hangUp(fd_);
      throw std::runtime_error("handshake with " + callsign_ + " failed");
    }
    state_ = State::Open;
  }

  void sendWaypoint(double lat, double lon, double altM) {
    if (state_ != State::Open)
      throw std::logic_error("uplink to " + callsign_ + " not open");
    exchange(fd_, "WP " + std::to_string(lat) + " " + std::to_string(lon) + " " + std::to_string(altM), nullptr);
  }

  void close() {
    if (state_ == State::Closed)
      return;
    exchange(fd_, "BYE", nullptr);
    hangUp(fd_);
    state_ = State::Closed;
  }

  State state() const { return state_; }
  const std::string &callsign() const { return callsign_; }

private:
  std::string callsign_;
  int fd_ = -1;
  State state_ = State::Closed;
};

struct Waypoint {
  double lat, lon, alt;
};

class FleetControl {
public:
  explicit FleetControl(std::string backupPeer)
      : backupPeer_(std::move(backupPeer)),
        mirror_(std::make_unique<repl::ReplicationChannel>(backupPeer_)) {}

  void add(const std::string &callsign) {
    drones_.emplace(callsign, std::make_unique<UplinkSession>(callsign));
  }

  void fly(const std::string &callsign, const std::vector<Waypoint> &route) {
    UplinkSession &s = *drones_.at(callsign);
    if (s.state() == UplinkSession::State::Closed)
      s.reopen();
    for (const Waypoint &w : route)
      s.sendWaypoint(w.lat, w.lon, w.alt); // OK: reopened above when it was closed
    mirrorState(callsign + " route " + std::to_string(route.size()));
  }

  // Link loss on one drone: it returns home autonomously; hand its survey
  // strip to the next drone in the roster.
  void linkLost(const std::string &lost, const std::string &spare, const Waypoint &strip) {
    if (lost == spare)
      return;
    drones_.at(lost)->close();
    drones_.at(spare)->sendWaypoint(strip.lat, strip.lon, strip.alt); // OK: a different drone's session
  }

  void abortMission(const std::string &callsign) {
    UplinkSession &s = *drones_.at(callsign);
    if (s.state() == UplinkSession::State::Open)
      s.sendWaypoint(0, 0, -1); // OK: guarded by state(); -1 means land now
    s.close();
    s.close(); // OK: close() is a documented no-op once Closed
  }

  void mirrorState(const std::string &line) {
    if (mirror_->IsClosed() || !mirror_->connected()) {
      if (!mirror_->IsClosed())
        mirror_->close();
      mirror_ = std::make_unique<repl::ReplicationChannel>(backupPeer_);
    }
    mirror_->send(line); // OK: a closed channel was replaced just above
  }

  void shutdown() {
    for (auto &entry : drones_)
      entry.second->close();
    if (mirror_->state() != repl::LinkState::Closed) {
      mirror_->flush(); // OK: guarded by state()
      mirror_->close();
    }
  }

private:
  std::string backupPeer_;
  std::unique_ptr<repl::ReplicationChannel> mirror_;
  std::map<std::string, std::unique_ptr<UplinkSession>> drones_;
};

void surveyDay(const std::vector<Waypoint> &strip) {
  FleetControl fleet("backup-gcs.field:9300");
  fleet.add("HAWK-1");
  fleet.add("HAWK-2");
  fleet.fly("HAWK-1", strip);
  if (!strip.empty())
    fleet.linkLost("HAWK-1", "HAWK-2", strip.front());
  fleet.fly("HAWK-1", strip);
  fleet.abortMission("HAWK-2");
  fleet.shutdown();
}

// Hedge-maze attraction: hidden gates in the maze are swung by actuators on
// a GateLink, and the lost-visitor beacon runs over a BeaconLink. When an
// actuator jams the controller closes its link and, if a spare actuator is
// wired, emplaces a link to the spare. reroute() then pulses the gate on both
// paths, but without a spare the optional still holds the closed link. In
// switch_to_standby() the closed active link is swapped into `standby`, which
// is then pinged. The make_unique reassignment, the fresh assignment and the
// uses of the swapped-in link are fine.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class GateLink {
 public:
  explicit GateLink(std::string actuator) : actuator_(std::move(actuator)) {}

  void pulse(int degrees) {
    if (closed_) throw std::runtime_error("gate link closed: " + actuator_);
    angle_ = degrees;
  }
  void close() {
    if (closed_) throw std::runtime_error("gate link closed twice: " + actuator_);
    closed_ = true;
  }
  bool closed() const { return closed_; }

 private:
  std::string actuator_;
  int angle_ = 0;
  bool closed_ = false;
};

class BeaconLink {
 public:
  explicit BeaconLink(int channel) : channel_(channel) {}
  void ping() {
    if (!alive_) throw std::runtime_error("beacon link released, channel " + std::to_string(channel_));
  }
  void release() { alive_ = false; }

 private:
  int channel_;
  bool alive_ = true;
};

class MazeController {
 public:
  MazeController() : gate_(std::in_place, "north-yew"), beacon_(std::make_unique<BeaconLink>(4)) {}

  void reroute(bool spare_wired) {
    gate_->close();
    if (spare_wired) gate_.emplace("north-yew-spare");
    gate_->pulse(90);  // BUG: use-after-close
  }

  void reroute_safely(bool spare_wired) {
    gate_->close();
    if (!spare_wired) {
      gate_.reset();
      return;
    }
    gate_.emplace("north-yew-spare");
    gate_->pulse(90);  // OK: only reached after emplace()
  }

  void open_centre() {
    if (gate_ && !gate_->closed()) gate_->pulse(45);  // OK: empty or closed gates are skipped
  }

  void new_beacon_channel(int channel) {
    beacon_->release();
    beacon_ = std::make_unique<BeaconLink>(channel);
    beacon_->ping();  // OK: the new beacon, the released one was destroyed
  }

 private:
  std::optional<GateLink> gate_;
  std::unique_ptr<BeaconLink> beacon_;
};

void hedge_trim_day() {
  GateLink east("east-box");
  east.pulse(30);  // OK: open
  east.close();
  east = GateLink("east-box-rewired");
  east.pulse(30);  // OK: assigned a fresh, open link
}

void switch_to_standby(GateLink& active, GateLink& standby) {
  active.close();  // jammed
  std::swap(active, standby);
  active.pulse(60);  // OK: `active` now holds the former standby link
  standby.pulse(0);  // BUG: use-after-close
}

void evening(MazeController& maze) {
  maze.reroute_safely(false);
  maze.open_centre();  // OK: gate_ is empty, open_centre() does nothing
  maze.new_beacon_channel(7);
  GateLink west("west-box");
  GateLink west_spare("west-box-spare");
  switch_to_standby(west, west_spare);
}

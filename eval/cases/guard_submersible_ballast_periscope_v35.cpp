// Tourist submersible ballast control: the controller drives the ballast tank valves
// through a ValveBus. dock() disconnects the bus and moves the controller to Docked; every
// command path checks the bus or the state first (null-or-closed, a state enum, a
// stored docked_ bool, a healthy() helper, a while loop with &&). Two paths do not:
// report() sends unconditionally, and dump_ballast(true) lets the force flag bypass
// the state check, so both reach the disconnected bus after docking.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class ValveBus {
 public:
  explicit ValveBus(std::string port) : port_(std::move(port)) {}
  void command(const std::string& cmd) {
    if (closed_) throw std::runtime_error("valve bus " + port_ + " disconnected");
    std::printf("%s <- %s\n", port_.c_str(), cmd.c_str());
  }
  void disconnect() { closed_ = true; }
  bool is_closed() const { return closed_; }

 private:
  std::string port_;
  bool closed_ = false;
};

class BallastController {
 public:
  enum class State { Submerged, Docked };

  explicit BallastController(const std::string& port) : bus_(std::make_unique<ValveBus>(port)) {}

  void vent(int pct) {
    if (!bus_ || bus_->is_closed()) return;
    bus_->command("VENT " + std::to_string(pct));  // OK: null-or-closed returns above
  }

  void trim(int grams) {
    if (state_ != State::Submerged) return;
    bus_->command("TRIM " + std::to_string(grams));  // OK: dock() sets Docked when it disconnects
  }

  void top_up() {
    if (docked_) return;
    bus_->command("FILL");  // OK: stored flag set together with the disconnect
  }

  void drain(int kg) {
    while (kg > 0 && !bus_->is_closed()) {
      bus_->command("DRAIN 10");  // OK: the loop checks is_closed()
      kg -= 10;
    }
  }

  void hold() {
    if (!healthy()) return;
    bus_->command("HOLD");  // OK: healthy() is false once disconnected
  }

  void dump_ballast(bool force) {
    if (state_ == State::Submerged || force) {
      bus_->command("DUMP ALL");  // SAME: dump
    }
  }

  void report() {
    bus_->command("STATUS");  // SAME: report
  }

  void dock() {
    bus_->disconnect();
    state_ = State::Docked;
    docked_ = true;
  }

 private:
  bool healthy() const { return bus_ && !bus_->is_closed(); }

  std::unique_ptr<ValveBus> bus_;
  State state_ = State::Submerged;
  bool docked_ = false;
};

void approach_and_dock() {
  BallastController ctl("/dev/ttyS2");
  ctl.trim(200);
  ctl.dock();
  ctl.vent(30);  // OK: vent() checks the bus
  ctl.trim(100);  // OK: trim() checks the state
  ctl.top_up();  // OK
  ctl.drain(40);  // OK
  ctl.hold();  // OK
  ctl.dump_ballast(false);  // OK: not forced, state is Docked
  ctl.report();  // BUG: use-after-close #report
}

void emergency_at_pier() {
  BallastController ctl("/dev/ttyS3");
  ctl.dock();
  ctl.dump_ballast(true);  // BUG: use-after-close #dump
}

// Cuckoo-clock assembly bench: a BenchLink drives the bellows-and-whistle test
// rig. calibrate_bellows() disconnects the rig in its handler and rethrows;
// run_station() catches that and sends a RESET on the disconnected rig. In
// whistle_test() a RigParker (RAII, disconnects in its destructor) lives
// inside the try, so by the time the handler runs the rig is disconnected.
// Handlers that check connected(), or that are reachable only before the
// disconnect, are fine; so is a rig reconnected in the handler.
#include <stdexcept>
#include <string>
#include <vector>

class BenchLink {
 public:
  void connect() { connected_ = true; }
  void send(const std::string& cmd) {
    if (!connected_) throw std::runtime_error("bench rig disconnected: " + cmd);
    log_.push_back(cmd);
  }
  // Idempotent and never throws.
  void disconnect() noexcept { connected_ = false; }
  bool connected() const { return connected_; }

 private:
  std::vector<std::string> log_;
  bool connected_ = true;
};

struct RigParker {
  BenchLink& rig;
  ~RigParker() { rig.disconnect(); }
};

struct Movement { std::string serial; int bellows_mm; };

void calibrate_bellows(BenchLink& rig, const Movement& m) {
  try {
    rig.send("BELLOWS " + std::to_string(m.bellows_mm));
    if (m.bellows_mm < 30) throw std::out_of_range("bellows too short on " + m.serial);
  } catch (...) {
    rig.disconnect();
    throw;
  }
}

void run_station(BenchLink& rig, const Movement& m) {
  try {
    calibrate_bellows(rig, m);
    rig.send("CAL OK " + m.serial);  // OK: calibrate_bellows returned normally, rig still connected
  } catch (const std::exception&) {
    rig.send("RESET");  // BUG: use-after-close
  }
}

void whistle_test(BenchLink& rig, const Movement& m) {
  try {
    RigParker parker{rig};
    rig.send("WHISTLE " + m.serial);  // OK: parker not destroyed yet
    if (m.serial.empty()) throw std::invalid_argument("movement without serial");
  } catch (const std::invalid_argument&) {
    rig.send("FLAG UNSERIALISED");  // BUG: use-after-close
  }
}

void pendulum_test(BenchLink& rig, const Movement& m) {
  try {
    rig.send("PENDULUM " + m.serial);
    rig.disconnect();
  } catch (const std::runtime_error&) {
    if (rig.connected()) rig.send("PENDULUM RETRY");  // OK: guarded
  }
}

void gong_test(BenchLink& rig, const Movement& m) {
  try {
    if (m.bellows_mm > 80) throw std::length_error("bellows too long for the gong rig");
    rig.send("GONG " + m.serial);
    rig.disconnect();
  } catch (const std::length_error&) {
    rig.send("SKIP GONG " + m.serial);  // OK: thrown before the disconnect, which cannot throw
  }
}

void reconnecting_station(BenchLink& rig, const Movement& m) {
  try {
    calibrate_bellows(rig, m);
  } catch (const std::out_of_range&) {
    rig.connect();
    rig.send("RECAL " + m.serial);  // OK: reconnected first
  }
}

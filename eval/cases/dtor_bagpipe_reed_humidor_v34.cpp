// Bagpipe workshop: cane reeds are seasoned in humidor chambers, each driven
// through a serial port. A ChamberLease closes its port in the destructor
// unless the port was already released. The controller swaps chambers by
// resetting the optional lease and emplacing a fresh one before writing, the
// rack rotation clears the leases and builds new ones before using them, and
// final_reading() releases the port explicitly so the destructor skips its
// close. Every use is on an open port and no port is closed twice.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

class HumidorPort {
 public:
  explicit HumidorPort(int chamber) : chamber_(chamber) {}

  void write_setpoint(double rh) {
    if (!open_) throw std::runtime_error("humidor port closed, chamber " + std::to_string(chamber_));
    setpoint_ = rh;
  }

  double read_rh() const {
    if (!open_) throw std::runtime_error("humidor port closed, chamber " + std::to_string(chamber_));
    return setpoint_ - 0.5;
  }

  void close() {
    if (!open_) throw std::runtime_error("humidor port closed twice, chamber " + std::to_string(chamber_));
    open_ = false;
  }

  bool is_open() const { return open_; }

 private:
  int chamber_;
  double setpoint_ = 0.0;
  bool open_ = true;
};

class ChamberLease {
 public:
  explicit ChamberLease(int chamber) : port_(chamber) {}
  ~ChamberLease() {
    if (port_.is_open()) port_.close();  // OK: skipped when release() already closed it
  }
  ChamberLease(const ChamberLease&) = delete;
  ChamberLease& operator=(const ChamberLease&) = delete;

  HumidorPort& port() { return port_; }
  const HumidorPort& port() const { return port_; }
  void release() { port_.close(); }

 private:
  HumidorPort port_;
};

class ReedHumidor {
 public:
  void open_chamber(int chamber) { lease_.emplace(chamber); }

  void season_reeds(double rh) {
    if (!lease_) return;
    lease_->port().write_setpoint(rh);  // OK: guarded by the optional check
  }

  void swap_chamber(int next) {
    lease_.reset();  // the old chamber's port closes here
    lease_.emplace(next);
    lease_->port().write_setpoint(65.0);  // OK: the fresh lease, not the closed one
  }

  void pause() { lease_.reset(); }

  double reading() const {
    return lease_ ? lease_->port().read_rh() : -1.0;  // OK: only with a live lease
  }

 private:
  std::optional<ChamberLease> lease_;
};

void rotate_racks(std::vector<std::unique_ptr<ChamberLease>>& racks, int first_chamber, double rh) {
  racks.clear();  // every lease closes its port here
  for (int i = 0; i < 3; ++i) racks.push_back(std::make_unique<ChamberLease>(first_chamber + i));
  for (auto& lease : racks) lease->port().write_setpoint(rh);  // OK: new leases built after clear()
}

double final_reading(int chamber) {
  ChamberLease lease(chamber);
  lease.port().write_setpoint(60.0);  // OK
  double rh = lease.port().read_rh();  // OK
  lease.release();  // explicit close; the destructor sees is_open() == false
  return rh;
}

double workshop_day() {
  ReedHumidor humidor;
  humidor.open_chamber(1);
  humidor.season_reeds(68.0);
  humidor.swap_chamber(2);
  humidor.pause();
  humidor.season_reeds(70.0);  // OK: no lease, season_reeds returns early
  double idle = humidor.reading();  // OK: returns -1 without touching a port
  humidor.open_chamber(3);
  humidor.season_reeds(66.0);  // OK: a new chamber was opened
  return idle + humidor.reading() + final_reading(4);
}

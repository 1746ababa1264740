// Nutmeg drying racks: each rack has a moisture probe (RackProbe, owned by a
// unique_ptr with a standby probe) and a moisture log file that is rotated
// every night. Replacements: fclose + fopen of the log, make_unique of a new
// probe, a swap with the standby. Bugs: the rotation reopens the log only
// when the disk check passes but writes the "rotated" marker on both paths,
// and the failover reads from the active probe even when there was no
// standby to move in.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class RackProbe {
 public:
  explicit RackProbe(int rack) : rack_(rack) {}
  double read_moisture() {
    if (released_) throw std::runtime_error("probe on rack " + std::to_string(rack_) + " released");
    return 11.5;
  }
  void release() { released_ = true; }
  bool released() const { return released_; }

 private:
  int rack_;
  bool released_ = false;
};

bool rotate_log(std::FILE*& log, const char* path) {
  std::fclose(log);
  log = std::fopen(path, "a");
  if (log == nullptr) return false;
  std::fputs("-- rotated --\n", log);  // OK: freshly opened log
  return true;
}

void rotate_log_if_room(std::FILE*& log, const char* path, bool disk_has_room) {
  std::fclose(log);
  if (disk_has_room) {
    log = std::fopen(path, "a");
    if (log == nullptr) throw std::runtime_error("cannot reopen moisture log");
  }
  std::fputs("-- rotated --\n", log);  // BUG: use-after-close
}

class DryingRack {
 public:
  explicit DryingRack(int id) : id_(id), active_(std::make_unique<RackProbe>(id)) {}

  void install_standby() { standby_ = std::make_unique<RackProbe>(id_); }

  double recalibrate() {
    active_->release();
    active_ = std::make_unique<RackProbe>(id_);
    return active_->read_moisture();  // OK: make_unique replaced the probe
  }

  double swap_in_standby() {
    if (!standby_) install_standby();
    active_.swap(standby_);
    standby_->release();
    standby_.reset();
    return active_->read_moisture();  // OK: the released probe was the old active one
  }

  double failover() {
    active_->release();
    if (standby_) active_ = std::move(standby_);
    return active_->read_moisture();  // BUG: use-after-close
  }

  double failover_checked() {
    active_->release();
    if (standby_) active_ = std::move(standby_);
    else active_ = std::make_unique<RackProbe>(id_);
    return active_->read_moisture();  // OK: replaced on both paths
  }

 private:
  int id_;
  std::unique_ptr<RackProbe> active_;
  std::unique_ptr<RackProbe> standby_;
};

void nightly(const char* path, DryingRack& rack) {
  std::FILE* log = std::fopen(path, "a");
  if (log == nullptr) return;
  std::fprintf(log, "%.1f\n", rack.recalibrate());
  if (!rotate_log(log, path)) return;
  std::fprintf(log, "%.1f\n", rack.swap_in_standby());  // OK: rotate_log() reopened it on success
  std::fclose(log);
}

// Watermill: the grain hopper and the millpond gate are driven over HopperLink
// connections. Changing the stones releases the hopper link and installs a spare only
// when one is available, then feeds grain regardless, which hits the released link
// when there is no spare. The pond gate is replaced with make_unique, the backup link
// is reassigned a fresh object, and a std::swap hands the open link to the name that
// is used next; the other name keeps the released link and must not be fed.
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class HopperLink {
 public:
  explicit HopperLink(std::string port) : port_(std::move(port)) {}

  void feed(int kg) {
    if (!up_) throw std::runtime_error("hopper link " + port_ + " released");
    std::printf("%s: feed %d kg\n", port_.c_str(), kg);
  }
  void release() {
    if (!up_) throw std::runtime_error("hopper link " + port_ + " released twice");
    up_ = false;
  }
  bool up() const { return up_; }

 private:
  std::string port_;
  bool up_ = true;
};

class Mill {
 public:
  void start() {
    hopper_.emplace("/dev/ttyS0");
    gate_ = std::make_unique<HopperLink>("/dev/ttyS1");
  }

  void change_stones(bool spare_available) {
    hopper_->release();
    if (spare_available) hopper_.emplace("/dev/ttyS2");
    hopper_->feed(20);  // BUG: use-after-close
  }

  void rebuild_hopper() {
    hopper_->release();
    hopper_.reset();
    hopper_.emplace("/dev/ttyS5");
    hopper_->feed(4);  // OK: a fresh link was emplaced
  }

  void refill_pond() {
    gate_->release();
    gate_ = std::make_unique<HopperLink>("/dev/ttyS1");
    gate_->feed(5);  // OK: make_unique replaced the released gate link
  }

 private:
  std::optional<HopperLink> hopper_;
  std::unique_ptr<HopperLink> gate_;
};

void backup_drill() {
  HopperLink backup("/dev/ttyS3");
  backup.feed(1);
  backup.release();
  backup = HopperLink("/dev/ttyS3");
  backup.feed(2);  // OK: assigned a fresh, open link
}

void swap_drill() {
  HopperLink duty("/dev/ttyS4");
  HopperLink standby("/dev/ttyS6");
  duty.release();
  std::swap(duty, standby);
  duty.feed(3);  // OK: duty now holds the open standby link
  standby.feed(3);  // BUG: use-after-close
}

void milling_day(bool spare_available) {
  Mill mill;
  mill.start();
  mill.refill_pond();
  mill.rebuild_hopper();
  mill.change_stones(spare_available);
}

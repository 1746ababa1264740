// Rudder and bow-thruster actuator link of a hovercraft on the maintenance
// slipway. The link owns the actuator's serial descriptor; retire() hands the
// actuator back to the flight deck by releasing the descriptor. Commanding a
// retired link throws; retiring twice throws as well (the release is
// reported to the deck controller once).
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace slipway {

class ActuatorLink {
public:
  explicit ActuatorLink(const std::string &dev)
      : dev_(dev), fd_(::open(dev.c_str(), O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("actuator bus not available: " + dev);
  }
  ActuatorLink(ActuatorLink &&other) noexcept
      : dev_(std::move(other.dev_)), fd_(std::exchange(other.fd_, -1)) {}
  ActuatorLink &operator=(ActuatorLink &&other) noexcept {
    if (this != &other) {
      if (fd_ >= 0)
        ::close(fd_);
      dev_ = std::move(other.dev_);
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  ~ActuatorLink() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  void command_angle(int deci_degrees) {
    if (fd_ < 0)
      throw std::logic_error("actuator link " + dev_ + " retired");
    std::string frame = "ANG " + std::to_string(deci_degrees) + "\r";
    ::write(fd_, frame.data(), frame.size());
  }
  void retire() {
    if (fd_ < 0)
      throw std::logic_error("actuator link " + dev_ + " already retired");
    ::write(fd_, "REL\r", 4);
    ::close(std::exchange(fd_, -1));
  }
  bool retired() const { return fd_ < 0; }

private:
  std::string dev_;
  int fd_;
};

// Park the craft: centre the rudder; a craft going to the paint shed hands
// its actuators back immediately.
static void park(ActuatorLink &rudder, bool to_paint_shed) {
  rudder.command_angle(0);
  if (to_paint_shed)
    rudder.retire();
}

void end_of_shift(ActuatorLink &rudder, bool to_paint_shed) {
  park(rudder, to_paint_shed);
  rudder.command_angle(0); // BUG: use-after-close
}

void end_of_shift_checked(ActuatorLink &rudder, bool to_paint_shed) {
  park(rudder, to_paint_shed);
  if (!rudder.retired())
    rudder.retire(); // OK: park() may already have retired it
}

// Sweep test of the bow thrusters: each one is swept and handed back.
void sweep_thrusters(std::vector<ActuatorLink> &thrusters) {
  for (ActuatorLink &t : thrusters) {
    t.command_angle(-300);
    t.command_angle(300);
    t.retire(); // OK: one retire per thruster
  }
  for (ActuatorLink &t : thrusters)
    t.command_angle(0); // BUG: use-after-close
}

// A faulty actuator is swapped for the spare on the same bus name.
void swap_to_spare(ActuatorLink &rudder, const std::string &spare_dev) {
  rudder.retire();
  rudder = ActuatorLink(spare_dev);
  rudder.command_angle(0); // OK: move-assigned a fresh link
}

void release_all(ActuatorLink &rudder, std::vector<ActuatorLink> &thrusters) {
  rudder.retire();
  for (ActuatorLink &t : thrusters)
    if (!t.retired())
      t.retire();
  rudder.retire(); // BUG: double-close
}

} // namespace slipway

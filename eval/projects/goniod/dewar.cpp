// goniod — Dewar: the storage dewar of the sample changer. Lid and LN2 level
// go through the sample-changer controller session (shared with the gripper);
// the dewar ends that session when it is destroyed. Filling opens the fill
// valve on its own serial line, waits for the level, and closes the valve.
#include "dewar.h"

#include <cerrno>
#include <chrono>
#include <exception>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

#include "elog.h"

namespace goniod {

namespace {

int open_valve_line(const std::string &device) {
  const int fd = ::open(device.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open fill valve " + device);
  return fd;
}

void command_valve(FillValve valve, const char *cmd) {
  const std::string line = std::string(cmd) + "\r";
  if (::write(valve.fd, line.data(), line.size()) < 0)
    throw std::system_error(errno, std::generic_category(),
                            "fill valve " + valve.device + " " + cmd);
}

} // namespace

FillValve::~FillValve() {
  if (fd >= 0)
    ::close(fd); // BUG: double-close
}

Dewar::Dewar(std::string valve_device, std::shared_ptr<PvConn> robot)
    : valve_device_(std::move(valve_device)), robot_(std::move(robot)) {
  robot_->post("DEWAR:SESSION BEGIN");
}

Dewar::~Dewar() {
  if (*robot_) {
    try {
      robot_->post("DEWAR:SESSION END"); // OK: operator bool checked just above
    } catch (const std::exception &) {
      // the session ends with the close below either way
    }
    robot_->close();
  }
}

void Dewar::lid_open() { robot_->put("DEWAR:LID", 1.0); }

void Dewar::lid_close() { robot_->put("DEWAR:LID", 0.0); }

double Dewar::level() { return robot_->get("DEWAR:LN2:LEVEL"); }

void Dewar::fill_to(double percent) {
  FillValve valve{open_valve_line(valve_device_), valve_device_};
  command_valve(valve, "V1");
  for (int i = 0; i < 40 && level() < percent; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ::write(valve.fd, "V0\r", 3); // BUG: use-after-close
  elog().append("dewar filled to " + std::to_string(level()) + " %");
}

} // namespace goniod

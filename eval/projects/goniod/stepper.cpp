// goniod — StepperAxis: a stepper axis on a motion controller that speaks one
// request/one reply line, opened as a line-buffered FILE*. release() disables
// the drive and fcloses the stream through std::exchange, so ctl_ is null
// afterwards and the destructor only closes a stream that is still open.
// Correct as written.
#include "stepper.h"

#include <cerrno>
#include <cmath>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

namespace goniod {

StepperAxis::StepperAxis(std::string name, const std::string &device)
    : AxisDriver(std::move(name)), ctl_(std::fopen(device.c_str(), "r+e")) {
  if (ctl_ == nullptr)
    throw std::system_error(errno, std::generic_category(),
                            "open stepper controller " + device);
  std::setvbuf(ctl_, nullptr, _IOLBF, 0);
}

StepperAxis::~StepperAxis() {
  if (ctl_ != nullptr)
    std::fclose(ctl_); // OK: release() nulls ctl_ when it closes the stream
}

std::string StepperAxis::transact(const std::string &command) {
  if (ctl_ == nullptr)
    throw std::runtime_error("stepper axis " + name() + " is released");
  std::fprintf(ctl_, "%s %s\n", command.c_str(), name().c_str());
  std::fflush(ctl_);
  char reply[128];
  if (std::fgets(reply, sizeof reply, ctl_) == nullptr)
    throw std::runtime_error("stepper axis " + name() + ": no reply to " + command);
  return reply;
}

void StepperAxis::move_to(double degrees) {
  transact("MOVE " + std::to_string(std::lround(degrees * steps_per_degree_)));
}

double StepperAxis::position() {
  return std::stod(transact("POS?")) / steps_per_degree_;
}

void StepperAxis::halt() {
  if (ctl_ == nullptr)
    return;
  transact("STOP");
}

void StepperAxis::release() {
  if (ctl_ == nullptr)
    throw std::logic_error("stepper axis " + name() + " already released");
  std::fprintf(ctl_, "DISABLE %s\n", name().c_str());
  std::fclose(std::exchange(ctl_, nullptr));
}

bool StepperAxis::released() const { return ctl_ == nullptr; }

} // namespace goniod

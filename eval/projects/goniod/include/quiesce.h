// goniod — the staged shutdown of the endstation.
#pragma once
#include "beamline.h"

namespace goniod {

class Quiesce {
public:
  explicit Quiesce(Beamline &beamline) : bl_(beamline) {}
  int run();

private:
  Beamline &bl_;
};

} // namespace goniod

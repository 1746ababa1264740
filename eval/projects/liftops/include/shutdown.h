// The shutdown sequence is split over resort_shutdown.cpp (ordering),
// shutdown_comms.cpp (radios and patrol) and shutdown_lifts.cpp (drives).
#pragma once

namespace liftops {

class Resort;

void quietComms(Resort &resort);
void stopLifts(Resort &resort);

} // namespace liftops

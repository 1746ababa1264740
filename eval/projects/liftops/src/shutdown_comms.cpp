// quietComms(): end of the patrol and grooming shifts. The grooming radio
// is closed by GroomingFleet::endShift(), but the fleet's relay handler is
// still registered on patrol dispatch, and a severity-2 notice is posted
// afterwards.
#include "resort.h"
#include "shutdown.h"

namespace liftops {

void quietComms(Resort &resort) {
  resort.roster().endShift();
  resort.fleet().endShift();
  resort.dispatch()->post({"ops", "grooming and patrol radios off for the night", 2}); // BUG: use-after-close #relay-radio
}

} // namespace liftops

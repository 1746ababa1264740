// The maintenance window between performances.
#pragma once
#include "flyrail.h"

namespace cued {

/// Retires drives that faulted more than `faultLimit` times during the show.
void retireFaultyDrives(Flyrail &rail, int faultLimit);
/// Parks every drive still in service.
void parkServiceable(Flyrail &rail);

} // namespace cued

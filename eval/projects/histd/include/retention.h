// Removes sealed segments older than the retention period.
#pragma once
#include "segment_store.h"
#include <cstddef>

namespace histd {

std::size_t applyRetention(SegmentStore &store, int retentionDays);

} // namespace histd

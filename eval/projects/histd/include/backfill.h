// Replays sealed spill files to the upstream once it is reachable again.
#pragma once
#include "spill_journal.h"
#include "upstream.h"
#include <cstddef>

namespace histd {

/// Replays at most `maxFiles` sealed files; returns how many were replayed
/// completely (and removed).
std::size_t replaySpill(SpillJournal &spill, UpstreamForwarder &upstream, std::size_t maxFiles);

} // namespace histd

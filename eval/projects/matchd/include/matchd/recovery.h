// Journal maintenance helpers used by the engine and the admin console.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "matchd/journal.h"
#include "matchd/order_book.h"

namespace matchd {

// Replays every ORD record of j into book. Closes j when it reaches the end
// of the file, so the caller can rotate/compact the file right away.
std::size_t replayJournal(Journal &j, OrderBook &book);

// Appends a checkpoint record and flushes it.
void writeCheckpoint(Journal &j, std::uint64_t seq);

// Rewrites path without cancelled orders, via tmpPath + rename().
std::size_t compactJournal(const std::string &path, const std::string &tmpPath);

} // namespace matchd

// Formatting helpers for the sales and nightly reports.
#pragma once
#include <cstdio>
#include <string>

#include "ticket_ledger.h"

namespace liftops {

/// Writes the totals as CSV rows. On a write error the stream is closed
/// (it is unusable anyway) and false is returned.
bool writeTotals(std::FILE *out, const SalesTotals &totals);

std::string formatTotals(const SalesTotals &totals);

} // namespace liftops

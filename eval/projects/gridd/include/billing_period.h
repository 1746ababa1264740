// Monthly billing periods: a period starts at 00:00 UTC on the utility's
// cycle day and ends at the same time a month later.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct BillingPeriod {
  std::string id;          // "YYYYMM-<cycle day>"
  std::int64_t from = 0;   // inclusive, unix seconds
  std::int64_t to = 0;     // exclusive
};

BillingPeriod periodContaining(std::int64_t t, int cycleDay);
BillingPeriod previousPeriod(const BillingPeriod &p, int cycleDay);
std::vector<std::string> dayKeysOf(const BillingPeriod &p);
// True when a period ended in (prevTick, now]; `ended` receives it.
bool periodEndedBetween(std::int64_t prevTick, std::int64_t now, int cycleDay, BillingPeriod &ended);

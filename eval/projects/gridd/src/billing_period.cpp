// Billing period arithmetic on UTC calendar months.
#include "billing_period.h"

#include <cstdio>
#include <ctime>

#include "clock.h"

namespace {

std::int64_t cycleStart(int year, int month, int cycleDay) {
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = cycleDay;
  return static_cast<std::int64_t>(timegm(&tm));
}

void addMonths(int &year, int &month, int delta) {
  int m = (year * 12 + (month - 1)) + delta;
  year = m / 12;
  month = m % 12 + 1;
}

BillingPeriod make(int year, int month, int cycleDay) {
  BillingPeriod p;
  p.from = cycleStart(year, month, cycleDay);
  int ny = year, nm = month;
  addMonths(ny, nm, 1);
  p.to = cycleStart(ny, nm, cycleDay);
  char id[32];
  std::snprintf(id, sizeof id, "%04d%02d-%02d", year, month, cycleDay);
  p.id = id;
  return p;
}

} // namespace

BillingPeriod periodContaining(std::int64_t t, int cycleDay) {
  if (cycleDay < 1 || cycleDay > 28)
    cycleDay = 1;
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  int year = tm.tm_year + 1900;
  int month = tm.tm_mon + 1;
  if (tm.tm_mday < cycleDay)
    addMonths(year, month, -1);
  return make(year, month, cycleDay);
}

BillingPeriod previousPeriod(const BillingPeriod &p, int cycleDay) {
  return periodContaining(p.from - 1, cycleDay);
}

std::vector<std::string> dayKeysOf(const BillingPeriod &p) {
  std::vector<std::string> keys;
  for (std::int64_t day = startOfDay(p.from); day < p.to; day += 86400)
    keys.push_back(dayKeyFor(day));
  return keys;
}

bool periodEndedBetween(std::int64_t prevTick, std::int64_t now, int cycleDay,
                        BillingPeriod &ended) {
  const BillingPeriod current = periodContaining(now, cycleDay);
  if (prevTick < current.from && current.from <= now) {
    ended = previousPeriod(current, cycleDay);
    return true;
  }
  return false;
}

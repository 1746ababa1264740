// Wall-clock and day-key helpers (UTC).
#include "clock.h"

#include <chrono>
#include <cstdio>
#include <ctime>

std::int64_t nowSeconds() {
  using namespace std::chrono;
  return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
}

std::int64_t monotonicMillis() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

std::string dayKeyFor(std::int64_t unixSeconds) {
  const std::time_t t = static_cast<std::time_t>(unixSeconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
  return buf;
}

std::int64_t startOfDay(std::int64_t unixSeconds) {
  return unixSeconds - (unixSeconds % 86400 + 86400) % 86400;
}

bool parseDayKey(const std::string &key, std::int64_t &startOfDayOut) {
  if (key.size() != 8)
    return false;
  std::tm tm{};
  if (std::sscanf(key.c_str(), "%4d%2d%2d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday) != 3)
    return false;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const std::time_t t = timegm(&tm);
  if (t == static_cast<std::time_t>(-1))
    return false;
  startOfDayOut = static_cast<std::int64_t>(t);
  return true;
}

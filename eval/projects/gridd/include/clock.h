// Wall-clock helpers: the head-end keeps one day file per UTC day.
#pragma once
#include <cstdint>
#include <string>

std::int64_t nowSeconds();
std::int64_t monotonicMillis();
std::string dayKeyFor(std::int64_t unixSeconds);   // "YYYYMMDD", UTC
std::int64_t startOfDay(std::int64_t unixSeconds);
bool parseDayKey(const std::string &key, std::int64_t &startOfDayOut);

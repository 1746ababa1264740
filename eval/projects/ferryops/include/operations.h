// Day-to-day terminal operations: departures (departure.cpp) and the end of
// the operating day (end_of_day.cpp).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "crew.h"
#include "manifest.h"
#include "status.h"
#include "types.h"

namespace ferry {

class Terminal;

void departSailing(Terminal &t, const Sailing &s, bool lastOfDay);
Status pushTimetable(const Endpoint &board, const std::vector<Sailing> &sailings);

Status closeOperatingDay(Terminal &t, const std::vector<SailingSummary> &day,
                         const std::string &archiveDir);
void sendDayReport(Crew &crew, const std::string &brokers,
                   const std::map<std::string, TerminalCounters> &bySailing);
void sendShiftReport(const std::string &brokers,
                     const std::map<std::string, TerminalCounters> &bySailing);

} // namespace ferry

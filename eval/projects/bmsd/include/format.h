// Text formatting shared by the reports, the trend log and the publishers.
#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "alarm.h"
#include "command.h"
#include "point.h"

namespace bmsd {

std::string isoTime(std::chrono::system_clock::time_point tp);
long hourKey(std::chrono::system_clock::time_point tp);
long dayOfHourKey(long key);
std::string formatValue(double v);

const char *kindName(PointKind kind);
std::optional<PointKind> parseKind(const std::string &text);
const char *severityName(Severity s);
std::optional<Severity> parseSeverity(const std::string &text);
const char *commandKindName(CommandKind kind);

std::string jsonEscape(const std::string &s);
std::string alarmToJson(const Alarm &a);
std::string commandToJson(const Command &c);

std::vector<std::string> splitString(const std::string &s, char sep);
std::string trim(const std::string &s);

} // namespace bmsd

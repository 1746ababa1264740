// Formatting helpers: ISO timestamps, hour keys for the trend log, names of
// the enums, JSON for alarms and commands, string splitting.
#include "format.h"

#include <cctype>
#include <cstdio>
#include <ctime>

namespace bmsd {

std::string isoTime(std::chrono::system_clock::time_point tp) {
  const std::time_t t = std::chrono::system_clock::to_time_t(tp);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

long hourKey(std::chrono::system_clock::time_point tp) {
  return static_cast<long>(
      std::chrono::duration_cast<std::chrono::hours>(tp.time_since_epoch())
          .count());
}

long dayOfHourKey(long key) { return key / 24; }

std::string formatValue(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

const char *kindName(PointKind kind) {
  switch (kind) {
  case PointKind::Temperature:
    return "temperature";
  case PointKind::Setpoint:
    return "setpoint";
  case PointKind::Humidity:
    return "humidity";
  case PointKind::Occupancy:
    return "occupancy";
  case PointKind::DoorState:
    return "door";
  case PointKind::Lighting:
    return "lighting";
  case PointKind::ElevatorStatus:
    return "elevator";
  case PointKind::EnergyKwh:
    return "energy";
  }
  return "unknown";
}

std::optional<PointKind> parseKind(const std::string &text) {
  static const PointKind all[] = {
      PointKind::Temperature, PointKind::Setpoint,  PointKind::Humidity,
      PointKind::Occupancy,   PointKind::DoorState, PointKind::Lighting,
      PointKind::ElevatorStatus, PointKind::EnergyKwh};
  for (PointKind k : all)
    if (text == kindName(k))
      return k;
  return std::nullopt;
}

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Info:
    return "info";
  case Severity::Minor:
    return "minor";
  case Severity::Major:
    return "major";
  case Severity::Critical:
    return "critical";
  }
  return "unknown";
}

std::optional<Severity> parseSeverity(const std::string &text) {
  static const Severity all[] = {Severity::Info, Severity::Minor,
                                 Severity::Major, Severity::Critical};
  for (Severity s : all)
    if (text == severityName(s))
      return s;
  return std::nullopt;
}

const char *commandKindName(CommandKind kind) {
  switch (kind) {
  case CommandKind::Setpoint:
    return "setpoint";
  case CommandKind::Override:
    return "override";
  case CommandKind::Release:
    return "release";
  case CommandKind::LightingScene:
    return "scene";
  case CommandKind::DoorUnlock:
    return "unlock";
  }
  return "unknown";
}

std::string jsonEscape(const std::string &s) {
  std::string out;
  out.reserve(s.size() + 8);
  for (char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out;
}

std::string alarmToJson(const Alarm &a) {
  std::string json = "{\"source\":\"" + jsonEscape(a.source) + "\"";
  json += ",\"point\":\"" + jsonEscape(a.point) + "\"";
  json += ",\"severity\":\"" + std::string(severityName(a.severity)) + "\"";
  json += ",\"text\":\"" + jsonEscape(a.text) + "\"";
  json += ",\"raised\":\"" + isoTime(a.raisedAt) + "\"";
  json += a.cleared ? ",\"cleared\":true}" : ",\"cleared\":false}";
  return json;
}

std::string commandToJson(const Command &c) {
  std::string json = "{\"id\":" + std::to_string(c.id);
  json += ",\"controller\":\"" + jsonEscape(c.controllerId) + "\"";
  json += ",\"point\":\"" + jsonEscape(c.point) + "\"";
  json += ",\"kind\":\"" + std::string(commandKindName(c.kind)) + "\"";
  json += ",\"value\":" + formatValue(c.value);
  json += ",\"ttl\":" + std::to_string(c.ttl.count()) + "}";
  return json;
}

std::vector<std::string> splitString(const std::string &s, char sep) {
  std::vector<std::string> parts;
  std::string::size_type start = 0;
  for (;;) {
    const std::string::size_type pos = s.find(sep, start);
    if (pos == std::string::npos) {
      parts.push_back(s.substr(start));
      return parts;
    }
    parts.push_back(s.substr(start, pos - start));
    start = pos + 1;
  }
}

std::string trim(const std::string &s) {
  std::string::size_type b = 0;
  std::string::size_type e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
    ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
    --e;
  return s.substr(b, e - b);
}

} // namespace bmsd

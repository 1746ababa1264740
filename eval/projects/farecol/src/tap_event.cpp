// Parsing and formatting of tap events, and the service-day calendar.
#include "tap_event.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace farecol {
namespace {

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t pos = s.find(sep, start);
    if (pos == std::string::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, pos - start));
    start = pos + 1;
  }
}

bool parseInt64(const std::string &s, std::int64_t &out) {
  if (s.empty())
    return false;
  char *end = nullptr;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (end == nullptr || *end != '\0')
    return false;
  out = v;
  return true;
}

} // namespace

std::string ServiceDay::str() const {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month, day);
  return buf;
}

ServiceDay ServiceDay::of(std::int64_t epochSeconds, int cutoverHour) {
  const std::time_t shifted = static_cast<std::time_t>(epochSeconds - static_cast<std::int64_t>(cutoverHour) * 3600);
  std::tm tm{};
  localtime_r(&shifted, &tm);
  ServiceDay d;
  d.year = tm.tm_year + 1900;
  d.month = tm.tm_mon + 1;
  d.day = tm.tm_mday;
  return d;
}

const char *productName(FareProduct product) {
  switch (product) {
  case FareProduct::StoredValue:
    return "stored-value";
  case FareProduct::DayPass:
    return "day-pass";
  case FareProduct::MonthlyPass:
    return "monthly-pass";
  case FareProduct::Concession:
    return "concession";
  }
  return "unknown";
}

std::optional<FareProduct> parseProduct(const std::string &name) {
  if (name == "sv" || name == "stored-value")
    return FareProduct::StoredValue;
  if (name == "day" || name == "day-pass")
    return FareProduct::DayPass;
  if (name == "month" || name == "monthly-pass")
    return FareProduct::MonthlyPass;
  if (name == "conc" || name == "concession")
    return FareProduct::Concession;
  return std::nullopt;
}

const char *tapKindName(TapKind kind) {
  switch (kind) {
  case TapKind::Entry:
    return "entry";
  case TapKind::Exit:
    return "exit";
  case TapKind::Board:
    return "board";
  }
  return "tap";
}

std::optional<TapEvent> parseTap(const std::string &payload, const std::string &deviceId) {
  const std::vector<std::string> f = split(payload, '|');
  if (f.size() != 7 || f[0].empty() || f[1].empty())
    return std::nullopt;
  TapEvent ev;
  ev.cardId = f[0];
  ev.deviceId = deviceId;
  ev.stationCode = f[1];
  ev.operatorId = f[2];
  if (!parseInt64(f[3], ev.epochSeconds))
    return std::nullopt;
  const std::optional<FareProduct> product = parseProduct(f[4]);
  if (!product)
    return std::nullopt;
  ev.product = *product;
  if (f[5] == "in")
    ev.kind = TapKind::Entry;
  else if (f[5] == "out")
    ev.kind = TapKind::Exit;
  else if (f[5] == "board")
    ev.kind = TapKind::Board;
  else
    return std::nullopt;
  std::int64_t seq = 0;
  if (!parseInt64(f[6], seq) || seq < 0)
    return std::nullopt;
  ev.deviceSeq = static_cast<std::uint64_t>(seq);
  return ev;
}

std::string encodeTapRecord(const TapEvent &ev) {
  std::string line;
  line.reserve(96);
  line += std::to_string(ev.epochSeconds);
  line += ' ';
  line += ev.deviceId;
  line += ' ';
  line += std::to_string(ev.deviceSeq);
  line += ' ';
  line += ev.cardId;
  line += ' ';
  line += ev.stationCode;
  line += ' ';
  line += ev.operatorId;
  line += ' ';
  line += productName(ev.product);
  line += ' ';
  line += tapKindName(ev.kind);
  return line;
}

std::int64_t nowEpochSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

} // namespace farecol

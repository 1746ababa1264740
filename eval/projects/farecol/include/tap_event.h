// Tap events as the devices report them, and the service day a tap belongs to (service days
// change over at a configured hour in the night, not at midnight).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace farecol {

enum class FareProduct { StoredValue, DayPass, MonthlyPass, Concession };
enum class TapKind { Entry, Exit, Board };

struct TapEvent {
  std::string cardId;
  std::string deviceId;
  std::string stationCode;
  std::string operatorId;
  std::int64_t epochSeconds = 0;
  FareProduct product = FareProduct::StoredValue;
  TapKind kind = TapKind::Entry;
  std::uint64_t deviceSeq = 0;
};

struct ServiceDay {
  int year = 1970;
  int month = 1;
  int day = 1;

  std::string str() const;
  static ServiceDay of(std::int64_t epochSeconds, int cutoverHour);
  bool operator==(const ServiceDay &other) const {
    return year == other.year && month == other.month && day == other.day;
  }
  bool operator!=(const ServiceDay &other) const { return !(*this == other); }
};

const char *productName(FareProduct product);
std::optional<FareProduct> parseProduct(const std::string &name);
const char *tapKindName(TapKind kind);

// Payload format: "card|station|operator|epoch|product|kind|seq".
std::optional<TapEvent> parseTap(const std::string &payload, const std::string &deviceId);
std::string encodeTapRecord(const TapEvent &ev);
std::int64_t nowEpochSeconds();

} // namespace farecol

// Fare calculation: entry/exit pairing, zone pricing, flat bus fares, penalty fares for
// trips that were never closed.
#include "fare_engine.h"

#include <algorithm>
#include <cstdlib>

namespace farecol {

FareEngine::FareEngine(FareTable table) : table_(std::move(table)) {}

std::optional<Journey> FareEngine::onTap(const TapEvent &ev) {
  if (ev.kind == TapKind::Board) {
    Journey j;
    j.cardId = ev.cardId;
    j.operatorId = ev.operatorId;
    j.entryStation = ev.stationCode;
    j.exitStation = ev.stationCode;
    j.product = ev.product;
    j.fareCents = ev.product == FareProduct::StoredValue ? table_.flatBusCents
                  : ev.product == FareProduct::Concession ? table_.flatBusCents / 2
                                                          : 0;
    j.entryTime = ev.epochSeconds;
    j.exitTime = ev.epochSeconds;
    return j;
  }

  std::lock_guard<std::mutex> lock(mutex_);
  if (ev.kind == TapKind::Entry) {
    openEntries_[ev.cardId] = ev;
    return std::nullopt;
  }

  auto it = openEntries_.find(ev.cardId);
  Journey j;
  j.cardId = ev.cardId;
  j.operatorId = ev.operatorId;
  j.exitStation = ev.stationCode;
  j.product = ev.product;
  j.exitTime = ev.epochSeconds;
  if (it == openEntries_.end()) {
    j.entryStation = "?";
    j.entryTime = ev.epochSeconds;
    j.fareCents = ev.product == FareProduct::StoredValue ? table_.penaltyCents : 0;
    j.penalty = true;
    return j;
  }
  j.entryStation = it->second.stationCode;
  j.entryTime = it->second.epochSeconds;
  openEntries_.erase(it);
  j.fareCents = price(j.entryStation, j.exitStation, j.product);
  return j;
}

std::vector<Journey> FareEngine::expireIncomplete(std::int64_t nowEpoch, std::int64_t maxTripSeconds) {
  std::vector<Journey> out;
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = openEntries_.begin(); it != openEntries_.end();) {
    const TapEvent &entry = it->second;
    if (nowEpoch - entry.epochSeconds <= maxTripSeconds) {
      ++it;
      continue;
    }
    Journey j;
    j.cardId = entry.cardId;
    j.operatorId = entry.operatorId;
    j.entryStation = entry.stationCode;
    j.exitStation = "?";
    j.product = entry.product;
    j.entryTime = entry.epochSeconds;
    j.exitTime = nowEpoch;
    j.fareCents = entry.product == FareProduct::StoredValue ? table_.penaltyCents : 0;
    j.penalty = true;
    out.push_back(std::move(j));
    it = openEntries_.erase(it);
  }
  return out;
}

std::size_t FareEngine::openTrips() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return openEntries_.size();
}

std::int64_t FareEngine::price(const std::string &from, const std::string &to, FareProduct product) const {
  if (product == FareProduct::DayPass || product == FareProduct::MonthlyPass)
    return 0;
  auto zone = [this](const std::string &station) {
    auto it = table_.zoneOf.find(station);
    return it == table_.zoneOf.end() ? 1 : it->second;
  };
  const int zones = std::abs(zone(from) - zone(to));
  std::int64_t fare = std::min(table_.baseRailCents + zones * table_.perZoneCents, table_.maxFareCents);
  if (product == FareProduct::Concession)
    fare /= 2;
  return fare;
}

std::string toJson(const Journey &j) {
  std::string out = "{\"card\":\"" + j.cardId + "\",\"operator\":\"" + j.operatorId + "\",\"from\":\"" +
                    j.entryStation + "\",\"to\":\"" + j.exitStation + "\",\"product\":\"" +
                    productName(j.product) + "\",\"fare\":" + std::to_string(j.fareCents) +
                    ",\"in\":" + std::to_string(j.entryTime) + ",\"out\":" + std::to_string(j.exitTime);
  if (j.penalty)
    out += ",\"penalty\":true";
  out += '}';
  return out;
}

} // namespace farecol

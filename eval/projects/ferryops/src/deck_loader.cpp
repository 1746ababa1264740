// DeckLoader: vehicles reach the deck queue from the lane sensors (a sensor
// thread reading the ANPR/weigh-bridge feed) and from the marshal's console
// (admit). The loading master takes them off in order and assigns a deck
// lane with room for the vehicle.
#include "deck.h"

#include <utility>

namespace ferry {

DeckLoader::DeckLoader(std::size_t lanes, double laneLengthM, std::size_t capacity)
    : vehicles_(capacity), laneUsedM_(lanes, 0.0), laneLengthM_(laneLengthM) {}

DeckLoader::~DeckLoader() { stop(); }

void DeckLoader::startSensors(std::function<std::optional<Vehicle>()> readSensor) {
  readSensor_ = std::move(readSensor);
  running_.store(true);
  sensor_ = std::thread([this] { sensorLoop(); });
}

void DeckLoader::sensorLoop() {
  while (running_.load()) {
    std::optional<Vehicle> v = readSensor_();
    if (!v)
      continue;
    vehicles_.push(std::move(*v)); // BUG: use-after-close #vehrace
  }
}

bool DeckLoader::admit(const Vehicle &v) {
  return vehicles_.tryPush(v); // OK: tryPush reports a closed queue by returning false
}

std::optional<Vehicle> DeckLoader::nextForLane() {
  std::optional<Vehicle> v = vehicles_.tryPop(); // OK: taking vehicles queued before the close is allowed
  if (!v)
    return std::nullopt;
  for (std::size_t lane = 0; lane < laneUsedM_.size(); ++lane) {
    if (laneUsedM_[lane] + v->lengthM + 0.5 <= laneLengthM_) {
      laneUsedM_[lane] += v->lengthM + 0.5;
      v->lane = static_cast<int>(lane);
      return v;
    }
  }
  v->lane = -1;
  return v;
}

void DeckLoader::stop() {
  running_.store(false);
  vehicles_.close(); // SAME: vehrace
  if (sensor_.joinable())
    sensor_.join();
}

} // namespace ferry

// Plain data passed between the toll plaza's components: passages reported by
// the lane controllers, billed transactions, enforcement violations, plate
// reads from the ANPR cameras and the tariff pushed to the lanes.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace toll {

using LaneId = int;

enum class VehicleClass { Car = 1, Van, TwoAxleTruck, MultiAxleTruck, Bus, Motorcycle };

struct Passage {
  LaneId lane = 0;
  std::uint64_t seq = 0;
  std::int64_t tsMillis = 0;
  std::string tagId; // empty when the vehicle carries no transponder
  std::string plate;
  VehicleClass cls = VehicleClass::Car;
};

struct Transaction {
  std::uint64_t id = 0;
  LaneId lane = 0;
  std::int64_t tsMillis = 0;
  std::string account;
  std::string plate;
  std::int64_t cents = 0;
};

struct Violation {
  LaneId lane = 0;
  std::string plate;
  std::int64_t tsMillis = 0;
  std::string reason;
  std::string imageRef;
};

struct PlateRead {
  int camera = 0;
  std::string plate;
  float confidence = 0.0f;
  std::int64_t tsMillis = 0;
};

struct TariffTable {
  int version = 0;
  std::map<VehicleClass, std::int64_t> centsByClass;
};

struct LaneTotals {
  LaneId lane = 0;
  std::uint64_t passages = 0;
  std::uint64_t violations = 0;
  std::int64_t cents = 0;
};

struct ShiftTotals {
  std::string shiftId;
  std::int64_t startMillis = 0;
  std::int64_t endMillis = 0;
  std::map<LaneId, LaneTotals> lanes;
};

const char *toString(VehicleClass cls);
std::int64_t nowMillis();
std::string encodePassage(const Passage &p, std::int64_t cents);
std::string encodeViolation(const Violation &v);
std::string encodeTariff(const TariffTable &t);

} // namespace toll

// Common pieces: Result, the encoders for the plaza's records (the wire text
// sent to Kafka and to the lanes) and the wall clock.
#include "result.h"
#include "types.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <sstream>
#include <utility>

namespace toll {

Result Result::success() { return Result(); }

Result Result::failure(std::string message) {
  Result r;
  r.ok_ = false;
  r.error_ = std::move(message);
  return r;
}

Result Result::fromErrno(const std::string &what) {
  const int err = errno;
  return failure(what + ": " + std::strerror(err));
}

const char *toString(VehicleClass cls) {
  switch (cls) {
  case VehicleClass::Car:
    return "car";
  case VehicleClass::Van:
    return "van";
  case VehicleClass::TwoAxleTruck:
    return "truck2";
  case VehicleClass::MultiAxleTruck:
    return "truck3+";
  case VehicleClass::Bus:
    return "bus";
  case VehicleClass::Motorcycle:
    return "moto";
  }
  return "unknown";
}

std::int64_t nowMillis() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string encodePassage(const Passage &p, std::int64_t cents) {
  std::ostringstream os;
  os << "{\"lane\":" << p.lane << ",\"seq\":" << p.seq << ",\"ts\":" << p.tsMillis << ",\"tag\":\""
     << p.tagId << "\",\"plate\":\"" << p.plate << "\",\"class\":\"" << toString(p.cls)
     << "\",\"cents\":" << cents << "}";
  return os.str();
}

std::string encodeViolation(const Violation &v) {
  std::ostringstream os;
  os << "{\"lane\":" << v.lane << ",\"plate\":\"" << v.plate << "\",\"ts\":" << v.tsMillis
     << ",\"reason\":\"" << v.reason << "\",\"image\":\"" << v.imageRef << "\"}";
  return os.str();
}

std::string encodeTariff(const TariffTable &t) {
  std::ostringstream os;
  os << "TARIFF v" << t.version;
  for (const auto &entry : t.centsByClass)
    os << ' ' << toString(entry.first) << '=' << entry.second;
  return os.str();
}

} // namespace toll

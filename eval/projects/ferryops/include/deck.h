// Vehicle deck loading. DeckLoader takes vehicles from the lane sensors (a
// sensor thread) and from the marshal's console into a BoundedQueue<Vehicle>
// and assigns deck lanes (deck_loader.cpp). Console operations are in
// deck_operations.cpp.
#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bounded_queue.h"
#include "ramp.h"
#include "status.h"
#include "types.h"

namespace ferry {

class DeckLoader {
public:
  DeckLoader(std::size_t lanes, double laneLengthM, std::size_t capacity);
  ~DeckLoader();
  DeckLoader(const DeckLoader &) = delete;
  DeckLoader &operator=(const DeckLoader &) = delete;

  void startSensors(std::function<std::optional<Vehicle>()> readSensor);
  bool admit(const Vehicle &v);
  std::optional<Vehicle> nextForLane();
  void stop();
  bool stopped() const { return !running_.load(); }

private:
  void sensorLoop();

  BoundedQueue<Vehicle> vehicles_;
  std::vector<double> laneUsedM_;
  double laneLengthM_;
  std::function<std::optional<Vehicle>()> readSensor_;
  std::atomic<bool> running_{false};
  std::thread sensor_;
};

enum class Severity { Info, Warning, Critical };
enum class AlarmKind { Overload, TideLimit, Obstruction, ShorePower };

struct DeckAlarm {
  AlarmKind kind = AlarmKind::Obstruction;
  Severity severity = Severity::Warning;
  std::string detail;
};

// Lane sensor driver (ANPR + weigh bridge), provided by the vendor library.
std::optional<Vehicle> readLaneSensor(int timeoutMs);

void handleDeckAlarm(RampController &ramp, DeckLoader &loader, const DeckAlarm &alarm);
Status recoverFromShorePowerLoss(RampController &ramp, std::chrono::seconds settle);
Status recoverFromLinkLoss(RampController &ramp, const Endpoint &plc);
Status holdForPedestrians(RampController &ramp, std::chrono::seconds hold);

} // namespace ferry

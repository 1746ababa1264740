// The concrete teardown steps used by plant shutdown, nightly maintenance and
// operations procedures.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "fieldbus_client.h"
#include "historian.h"
#include "pump_station.h"
#include "shutdown_sequence.h"
#include "thread_pool.h"
#include "valve_actuator.h"

namespace ww {

class LambdaStep : public Step {
 public:
  LambdaStep(std::string name, std::function<Status()> fn);
  const char* name() const override;
  Status run() override;

 private:
  std::string name_;
  std::function<Status()> fn_;
};

// Takes every pump station offline.
class StopPumpsStep : public Step {
 public:
  explicit StopPumpsStep(std::vector<std::shared_ptr<PumpStation>> stations);
  const char* name() const override;
  Status run() override;

 private:
  std::vector<std::shared_ptr<PumpStation>> stations_;
};

// Parks every valve while the field bus is still up.
class IsolateValvesStep : public Step {
 public:
  IsolateValvesStep(std::shared_ptr<ValveActuator> valves, std::shared_ptr<FieldbusClient> bus);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<ValveActuator> valves_;
  std::shared_ptr<FieldbusClient> bus_;
};

// Writes a closing marker and stops the historian (queue, drain thread, file).
class FlushHistorianStep : public Step {
 public:
  explicit FlushHistorianStep(std::shared_ptr<Historian> historian);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<Historian> historian_;
};

// Puts the safety PLC in safe mode and disconnects the field bus.
class DisconnectFieldbusStep : public Step {
 public:
  DisconnectFieldbusStep(std::shared_ptr<FieldbusClient> bus, std::uint8_t safety_unit);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<FieldbusClient> bus_;
  std::uint8_t safety_unit_;
};

// Lets queued jobs finish and joins the worker pool.
class DrainWorkersStep : public Step {
 public:
  explicit DrainWorkersStep(std::shared_ptr<ThreadPool> pool);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<ThreadPool> pool_;
};

}  // namespace ww

// Storm-lockdown steps for the sensor bus, the cameras and the mortality tally.
#pragma once

#include <memory>

#include "buoy_poller.h"
#include "camera_hub.h"
#include "mortality_log.h"
#include "rs485_bus.h"
#include "shutdown_sequence.h"

class ReleaseBusStep final : public Step {
 public:
  ReleaseBusStep(std::shared_ptr<BuoyPoller> poller, std::shared_ptr<Rs485Bus> bus);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<BuoyPoller> poller_;
  std::shared_ptr<Rs485Bus> bus_;
};

class JoinPollerStep final : public Step {
 public:
  explicit JoinPollerStep(std::shared_ptr<BuoyPoller> poller);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<BuoyPoller> poller_;
};

class CloseCamerasStep final : public Step {
 public:
  explicit CloseCamerasStep(std::shared_ptr<CameraHub> cameras);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<CameraHub> cameras_;
};

class FinalTallyStep final : public Step {
 public:
  explicit FinalTallyStep(std::shared_ptr<MortalityLog> mortality);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<MortalityLog> mortality_;
};

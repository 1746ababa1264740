// Storm-lockdown steps for the worker pool, the power plant and the records.
#pragma once

#include <memory>

#include "event_dispatcher.h"
#include "historian.h"
#include "power_controller.h"
#include "shutdown_sequence.h"
#include "thread_pool.h"

class ShutdownPoolStep final : public Step {
 public:
  explicit ShutdownPoolStep(std::shared_ptr<ThreadPool> pool);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<ThreadPool> pool_;
};

class PowerDownStep final : public Step {
 public:
  PowerDownStep(std::shared_ptr<PowerController> power, std::shared_ptr<Historian> historian);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<PowerController> power_;
  std::shared_ptr<Historian> historian_;
};

class SealHistorianStep final : public Step {
 public:
  explicit SealHistorianStep(std::shared_ptr<Historian> historian);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<Historian> historian_;
};

class StopDispatcherStep final : public Step {
 public:
  explicit StopDispatcherStep(std::shared_ptr<EventDispatcher> events);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<EventDispatcher> events_;
};

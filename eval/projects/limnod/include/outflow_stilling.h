// Stilling well at the outflow; a telemetry thread streams its level to shore.
#pragma once
#include "limnimeter_tty.h"
#include "limno_component.h"
#include <atomic>
#include <mutex>
#include <thread>

class OutflowStillingWell : public LimnoComponent {
public:
  explicit OutflowStillingWell(LimnoContext &ctx);
  ~OutflowStillingWell() override;
  const char *kind() const override { return "outflow"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  void telemetryLoop();
  bool portOpen() const;
  LimnoContext &ctx_;
  LimnimeterTty tty_;
  mutable std::mutex mu_;
  bool open_ = false;
  double lastLevel_ = 0;
  std::atomic<bool> running_{false};
  std::thread telemetry_;
};

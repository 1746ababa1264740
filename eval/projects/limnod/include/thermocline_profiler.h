// Winch that lowers a thermistor string through the water column and finds the
// thermocline. The winch socket lives in the pimpl.
#pragma once
#include "limno_component.h"
#include <memory>

class ThermoclineProfiler : public LimnoComponent {
public:
  explicit ThermoclineProfiler(LimnoContext &ctx);
  ~ThermoclineProfiler() override;
  const char *kind() const override { return "thermocline"; }
  void start() override;
  void tick() override;
  void stop() override;
  double thermoclineDepth() const;

private:
  struct Impl;
  void cast();
  void park();
  void resume();
  void sampleAt(double depth);
  bool winchStalled() const;
  std::unique_ptr<Impl> impl_;
};

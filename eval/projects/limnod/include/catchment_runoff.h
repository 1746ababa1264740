// Runoff model station: converts rainfall events into expected inflow.
#pragma once
#include "limno_component.h"
#include "sonde_conduit.h"

class CatchmentRunoff : public LimnoComponent {
public:
  explicit CatchmentRunoff(LimnoContext &ctx);
  ~CatchmentRunoff() override;
  const char *kind() const override { return "runoff"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  LimnoContext &ctx_;
  SondeConduit conduit_;
  int rainToken_ = 0;
  double pendingRainMm_ = 0;
  double runoffM3_ = 0;
};

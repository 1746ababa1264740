// Dissolved-oxygen optode near the lake bed; logs saturation every five minutes.
#pragma once
#include "limno_component.h"
#include "sonde_conduit.h"
#include "varve_scroll.h"

class AnoxiaOximeter : public LimnoComponent {
public:
  explicit AnoxiaOximeter(LimnoContext &ctx);
  const char *kind() const override { return "oximeter"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  LimnoContext &ctx_;
  SondeConduit conduit_;
  VarveScroll scroll_;
  int logTimer_ = 0;
  double lastMgL_ = -1;
};

// Weighs the sediment settling into the collector under the raft.
#pragma once
#include "limno_component.h"
#include "sonde_conduit.h"
#include "varve_scroll.h"

class SedimentFlux : public LimnoComponent {
public:
  explicit SedimentFlux(LimnoContext &ctx);
  ~SedimentFlux() override;
  const char *kind() const override { return "flux"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  LimnoContext &ctx_;
  SondeConduit collector_;
  VarveScroll fluxLog_;
  bool running_ = false;
  double lastGrams_ = 0;
};

// Draws water samples from the hypolimnion into a carousel of bottles.
#pragma once
#include "limno_component.h"
#include "sonde_conduit.h"

class HypolimnionSiphon : public LimnoComponent {
public:
  explicit HypolimnionSiphon(LimnoContext &ctx);
  ~HypolimnionSiphon() override;
  const char *kind() const override { return "siphon"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  bool abortIfTurbid(double ntu);
  void sealBottle(int bottle);
  void purge();
  LimnoContext &ctx_;
  SondeConduit valve_;
  int bottle_ = 0;
  int purgeToken_ = 0;
  static constexpr int kBottles = 12;
};

// Stage recorder on the main inflowing stream, reporting to shore over its own radio.
#pragma once
#include "limnimeter_tty.h"
#include "limno_component.h"
#include "shoreline_telemeter.h"
#include <vector>

class TributaryHydrograph : public LimnoComponent {
public:
  explicit TributaryHydrograph(LimnoContext &ctx);
  ~TributaryHydrograph() override;
  const char *kind() const override { return "tributary"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  LimnoContext &ctx_;
  ShorelineTelemeter telemeter_;
  LimnimeterTty stage_;
  std::vector<int> tokens_;
  std::vector<double> hydrograph_;
};

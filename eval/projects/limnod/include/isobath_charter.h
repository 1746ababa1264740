// Turns soundings into depth-contour chart files, one file per batch of soundings.
#pragma once
#include "limno_component.h"
#include "varve_scroll.h"
#include <string>

class IsobathCharter : public LimnoComponent {
public:
  explicit IsobathCharter(LimnoContext &ctx);
  ~IsobathCharter() override;
  const char *kind() const override { return "isobath"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  void addSounding(double x, double y, double depth);
  void finishChart();
  std::string nextChartPath() const;
  LimnoContext &ctx_;
  VarveScroll chart_;
  int chartNo_ = 0;
  std::size_t soundings_ = 0;
  int idleTicks_ = 0;
  int token_ = 0;
};

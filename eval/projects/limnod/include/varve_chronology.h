// Builds the varve-thickness chronology; file writes happen on the errand thread.
#pragma once
#include "limno_component.h"
#include "varve_scroll.h"
#include <mutex>
#include <vector>

class VarveChronology : public LimnoComponent {
public:
  explicit VarveChronology(LimnoContext &ctx);
  ~VarveChronology() override;
  const char *kind() const override { return "chronology"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  LimnoContext &ctx_;
  VarveScroll scroll_;
  std::mutex mu_;
  bool sealed_ = true;
  std::vector<double> thicknesses_;
  int token_ = 0;
};

// Single-beam echosounder on the survey skiff, run along numbered transects.
#pragma once
#include "limno_component.h"
#include "sonde_conduit.h"
#include <memory>
#include <vector>

class BathymetryMapper : public LimnoComponent {
public:
  explicit BathymetryMapper(LimnoContext &ctx);
  ~BathymetryMapper() override;
  const char *kind() const override { return "bathymetry"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  void changeTransect(int next);
  void resync();
  LimnoContext &ctx_;
  std::unique_ptr<SondeConduit> ping_;
  int transect_ = 0;
  std::vector<double> depths_;
  int gnssToken_ = 0;
};

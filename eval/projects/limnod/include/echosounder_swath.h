// Fan of echosounder transducers under the raft (fish and plankton layers).
#pragma once
#include "limno_component.h"
#include "sonde_conduit.h"
#include <memory>
#include <vector>

class EchosounderSwath : public LimnoComponent {
public:
  explicit EchosounderSwath(LimnoContext &ctx);
  ~EchosounderSwath() override;
  const char *kind() const override { return "swath"; }
  void start() override;
  void tick() override;
  void stop() override;
  void focus(double bearing);

private:
  LimnoContext &ctx_;
  std::vector<std::unique_ptr<SondeConduit>> transducers_;
  std::vector<double> bearings_;
  double gainDb_ = 0;
  int calToken_ = 0;
  int focusToken_ = 0;
};

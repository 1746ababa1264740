// Vertical net tows; counts go out on the tow boat's event channel.
#pragma once
#include "limno_component.h"
#include "messaging.h"
#include <map>
#include <memory>
#include <string>

class ZooplanktonTow : public LimnoComponent {
public:
  explicit ZooplanktonTow(LimnoContext &ctx);
  ~ZooplanktonTow() override;
  const char *kind() const override { return "zooplankton"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  LimnoContext &ctx_;
  std::unique_ptr<EventChannel> channel_;
  std::map<std::string, int> counts_;
  int hauls_ = 0;
  int clogToken_ = 0;
};

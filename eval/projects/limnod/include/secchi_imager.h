// Underwater camera reading the Secchi disk depth (water transparency).
#pragma once
#include "limno_component.h"
#include "sonde_conduit.h"
#include <memory>

class SecchiImager : public LimnoComponent {
public:
  explicit SecchiImager(LimnoContext &ctx);
  const char *kind() const override { return "secchi"; }
  void start() override;
  void tick() override;
  void stop() override;
  bool healthy() const override;

private:
  void capture();
  LimnoContext &ctx_;
  std::unique_ptr<SondeConduit> conduit_;
  int frames_ = 0;
  int failures_ = 0;
};

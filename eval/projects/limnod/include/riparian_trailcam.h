// Trail camera on the lake shore, triggered by seiche events, frames uploaded in batches.
#pragma once
#include "limno_component.h"
#include "sonde_conduit.h"
#include <memory>
#include <vector>

class RiparianTrailcam : public LimnoComponent {
public:
  explicit RiparianTrailcam(LimnoContext &ctx);
  ~RiparianTrailcam() override;
  const char *kind() const override { return "trailcam"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  struct PendingUpload {
    std::shared_ptr<SondeConduit> cam;
    int frame;
  };
  void flushPending();
  LimnoContext &ctx_;
  std::shared_ptr<SondeConduit> cam_;
  std::vector<PendingUpload> pending_;
  int motionToken_ = 0;
  int frame_ = 0;
};

// RiparianTrailcam: a shore camera shot on every seiche event; frames are uploaded
// in batches of eight. The seiche handler holds the camera weakly, each pending
// upload holds it strongly.
#include "riparian_trailcam.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <string>

RiparianTrailcam::RiparianTrailcam(LimnoContext &ctx) : ctx_(ctx) {}

RiparianTrailcam::~RiparianTrailcam() {
  stop();
  flushPending(); // BUG: use-after-close #trailcam_pending
}

void RiparianTrailcam::start() {
  if (cam_)
    return;
  cam_ = std::make_shared<SondeConduit>(ctx_.settings.host("trailcam"), ctx_.settings.sondePort);
  if (!cam_->connect()) {
    cam_.reset();
    return;
  }
  pending_.clear(); // frames of an earlier session went with its camera
  std::weak_ptr<SondeConduit> weak = cam_;
  motionToken_ = ctx_.switchboard.subscribe("seiche", [this, weak](const std::string &) {
    std::shared_ptr<SondeConduit> cam = weak.lock();
    if (!cam || !cam->up())
      return;
    cam->command("SHOOT"); // OK: only a live camera that is up is triggered
    pending_.push_back({cam, ++frame_});
  });
}

void RiparianTrailcam::flushPending() {
  for (const PendingUpload &upload : pending_)
    upload.cam->command("UPLOAD frame=" + std::to_string(upload.frame)); // SAME: trailcam_pending
  pending_.clear();
}

void RiparianTrailcam::tick() {
  if (!cam_ || !cam_->up())
    return;
  if (pending_.size() >= 8)
    flushPending(); // OK: start() dropped frames of older cameras, these all use cam_, which is up
}

void RiparianTrailcam::stop() {
  if (!cam_)
    return;
  ctx_.switchboard.unsubscribe(motionToken_);
  cam_->close();
  cam_.reset();
}

// Staged shutdown of the Dish: proposals, drives, receiver, correlator,
// telemetry, chores, site time. Each stage runs on its own so a failing
// stage does not keep the later ones from releasing their hardware.
#include "dish.h"

#include "site_time.h"

#include <cstdio>
#include <string>

template <typename Step> void Dish::stage(const char *name, Step &&step) {
  try {
    step();
    shiftlog_.append(std::string("shutdown: ") + name + " done");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "dishd: shutdown stage %s failed: %s\n", name,
                 e.what());
  }
}

void Dish::shutdown() {
  if (down_)
    return;
  down_ = true;
  shiftlog_.append("shutdown requested");
  stage("proposals", [this] { stopIntake(); });
  stage("drives", [this] { parkDrives(); });
  stage("receiver", [this] { releaseReceiver(); });
  stage("correlator", [this] { retireCorrelator(); });
  stage("telemetry", [this] { quiesceTelemetry(); });
  stage("chores", [this] { drainChores(); });
  stage("site time", [] { SiteTimeService::instance().close(); });
  shiftlog_.append("shutdown complete");
  shiftlog_.close();
}

void Dish::stopIntake() {
  inbox_->stop();
  agenda_.close();
  inbox_->replayDeferred(); // BUG: use-after-close #late-scan
}

void Dish::parkDrives() {
  gusts_.reset();
  follower_.stop();
  follower_.applyOffset(0.0, 0.0); // OK
  mount_->park();
  follower_.reportParked(180.0, 88.0); // BUG: use-after-close #pcu-parked
}

void Dish::releaseReceiver() {
  poller_.reset();
  board_.unsubscribe(&cryostat_);
  cryostat_.close();
  lna_.close();
  board_.raise({Alarm::Severity::Major, "dishd", "receiver released for warm-up"}); // BUG: use-after-close #lna-alarm
}

void Dish::retireCorrelator() {
  const DelayModel last = delays_.current();
  distributor_.retire();
  delays_.publishLive(DelayModel::zero(last.source)); // OK
  integrator_.end();
}

void Dish::quiesceTelemetry() {
  fringes_.shutdown();
  board_.raise({Alarm::Severity::Info, "dishd", "fringe sentry stopped"}); // OK
  housekeeping_.shutdown();
}

void Dish::drainChores() {
  chores_.waitIdle();
  worker_.reset();
  archiveShiftLog(); // BUG: use-after-close #archive-chore
}

// Lockdown steps for the feed barge: drain the feed line (Phase::Drain), then
// halt the barge and purge the doser rotor (Phase::Stop, in the order
// StormLockdown adds them).
#include "lockdown_feed.h"

#include <utility>

DrainFeedLineStep::DrainFeedLineStep(std::shared_ptr<FeedBarge> barge) : barge_(std::move(barge)) {}

const char* DrainFeedLineStep::name() const { return "drain feed line"; }

Status DrainFeedLineStep::run() {
  return barge_->drain_line();  // OK: Phase::Drain runs before HaltFeedingStep closes the PLC sessions
}

HaltFeedingStep::HaltFeedingStep(std::shared_ptr<FeedBarge> barge) : barge_(std::move(barge)) {}

const char* HaltFeedingStep::name() const { return "halt feeding"; }

Status HaltFeedingStep::run() {
  barge_->halt();
  return Status::Ok();
}

PurgeDoserStep::PurgeDoserStep(std::shared_ptr<RotaryDoser> doser) : doser_(std::move(doser)) {}

const char* PurgeDoserStep::name() const { return "purge doser"; }

Status PurgeDoserStep::run() {
  return doser_->purge();  // BUG: use-after-close #purge
}

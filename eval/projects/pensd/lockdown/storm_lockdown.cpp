// StormLockdown: adds the site-wide lockdown steps to the shared sequence (the
// components added theirs while Farm built them) and runs the whole sequence
// once. The historian notes when the lockdown began and how it ended.
#include "storm_lockdown.h"

#include <utility>

#include "lockdown_feed.h"
#include "lockdown_power.h"
#include "lockdown_sensors.h"

StormLockdown::StormLockdown(std::shared_ptr<ShutdownSequence> sequence, Parts p)
    : sequence_(std::move(sequence)), historian_(p.historian), engaged_(false) {
  ShutdownSequence& seq = *sequence_;
  seq.add(Phase::Drain, std::make_unique<DrainFeedLineStep>(p.barge));
  seq.add(Phase::Drain, std::make_unique<ShutdownPoolStep>(p.pool));
  seq.add(Phase::Stop, std::make_unique<HaltFeedingStep>(p.barge));
  seq.add(Phase::Stop, std::make_unique<PurgeDoserStep>(p.doser));
  seq.add(Phase::Stop, std::make_unique<CloseCamerasStep>(p.cameras));
  seq.add(Phase::Release, std::make_unique<ReleaseBusStep>(p.poller, p.bus));
  seq.add(Phase::Release, std::make_unique<PowerDownStep>(p.power, p.historian));
  seq.add(Phase::Final, std::make_unique<JoinPollerStep>(p.poller));
  seq.add(Phase::Final, std::make_unique<FinalTallyStep>(p.mortality));
  seq.add(Phase::Seal, "release plc sessions", [blower = p.blower_plc, doser = p.doser_plc]() -> Status {
    doser->close_if_open();  // OK: close_if_open() is a no-op on the session halt() already closed
    blower->close();  // BUG: double-close
    return Status::Ok();
  });
  seq.add(Phase::Seal, std::make_unique<SealHistorianStep>(p.historian));
  seq.add(Phase::Seal, std::make_unique<StopDispatcherStep>(p.events));
}

Status StormLockdown::engage(const std::string& reason) {
  if (engaged_) return Status::Error(Errc::Busy, "lockdown already engaged");
  engaged_ = true;
  if (historian_->is_open()) historian_->append("lockdown.begin reason=" + reason);
  Status st = sequence_->run_all();
  historian_->append("lockdown.end failures=" + std::to_string(sequence_->failures()) + " first=" + st.to_string());  // BUG: use-after-close
  return st;
}

bool StormLockdown::engaged() const { return engaged_; }

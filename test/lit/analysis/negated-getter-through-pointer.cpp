// A getter that returns a member negated (`bool missionOpen() const {
// return !finished_; }`), called through a smart pointer member
// (`t_->missionOpen()`), tests that member of the object pointed to: a
// helper returning early where it is set only uses the queue while the
// mission is open, so a caller whose finish() set it (and closed the
// queue) does not meet the use. `operator->` names the object; it is not a
// call whose result the getter tests. Without the check, the use is
// reported.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>

class ShotQueue {
public:
  void push(int x) {
    if (closed_)
      throw std::runtime_error("shot queue closed");
    last_ = x;
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  int last_ = 0;
};

class Telemetry {
public:
  void record(int shot) { queue_.push(shot); }
  void finish() {
    if (finished_)
      return;
    finished_ = true;
    queue_.close();
  }
  bool missionOpen() const { return !finished_; }

private:
  bool finished_ = false;
  ShotQueue queue_;
};

struct BlastLog {
  std::unique_ptr<Telemetry> t_ = std::make_unique<Telemetry>();
  void logShot(int shot) {
    if (!t_->missionOpen())
      return;
    t_->record(shot);
  }
  void logShotUnchecked(int shot) { t_->record(shot); }
};

void endMission(BlastLog &log) {
  log.t_->finish();
  log.logShot(3);
  log.logShotUnchecked(4);
  // CHECK: negated-getter-through-pointer.cpp:[[@LINE-1]]:7: warning: call to 'logShotUnchecked' uses 'log.t_.queue_' that may have been closed
}

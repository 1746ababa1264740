// FringeSentry: batches fringe detections for the operator's event channel.
// shutdown() flushes the backlog and closes the channel under the mutex and
// marks stopped_, then unwatches the panel; report() (also reached from the
// panel watcher) and a second shutdown() (the destructor's) test stopped_
// under the same mutex, so no send can follow the close.
#include "fringe_sentry.h"

#include "annunciator.h"

#include <cstdio>
#include <utility>

FringeSentry::FringeSentry(std::unique_ptr<EventChannel> channel)
    : channel_(std::move(channel)) {}

FringeSentry::~FringeSentry() {
  shutdown(); // OK
}

void FringeSentry::attach(Annunciator &board) {
  std::lock_guard<std::mutex> lock(mu_);
  board_ = &board;
  watchId_ = board.watch([this](const Alarm &alarm) {
    if (alarm.source == "correlator")
      report("alarm:" + alarm.text, 0.0);
  });
}

void FringeSentry::report(const std::string &baseline, double snr) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_)
    return;
  char entry[128];
  std::snprintf(entry, sizeof entry, "fringe %s snr=%.2f", baseline.c_str(),
                snr);
  backlog_.push_back(entry);
  if (backlog_.size() >= 32)
    flushBacklogLocked(); // OK
}

void FringeSentry::flushBacklogLocked() {
  for (const std::string &event : backlog_)
    channel_->send(event);
  backlog_.clear();
}

void FringeSentry::shutdown() {
  Annunciator *board = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    flushBacklogLocked();
    channel_->close();
    stopped_ = true;
    board = std::exchange(board_, nullptr);
  }
  if (board != nullptr)
    board->unwatch(watchId_);
}

// SeicheDetector: a reader thread pulls levels off the limnimeter; tick() looks
// for a standing wave in the last ten minutes. stop() closes the tty to unblock
// the reader, then joins it.
#include "seiche_detector.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <algorithm>
#include <string>

SeicheDetector::SeicheDetector(LimnoContext &ctx) : ctx_(ctx), tty_(ctx.settings.device("seiche")) {}

SeicheDetector::~SeicheDetector() { stop(); }

void SeicheDetector::start() {
  if (running_.load())
    return;
  if (!tty_.isOpen() && !tty_.open())
    return;
  running_.store(true);
  watcher_ = std::thread(&SeicheDetector::watchLoop, this);
}

void SeicheDetector::watchLoop() {
  while (running_.load()) {
    const double level = tty_.readLevel(); // BUG: use-after-close #seiche_stop
    std::lock_guard<std::mutex> lk(mu_);
    levels_.push_back(level);
    if (levels_.size() > 600)
      levels_.pop_front();
  }
}

void SeicheDetector::tick() {
  double amplitude = 0;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (levels_.size() < 60)
      return;
    const auto range = std::minmax_element(levels_.begin(), levels_.end());
    amplitude = *range.second - *range.first;
    lastAmplitude_ = amplitude;
  }
  if (amplitude > ctx_.settings.seicheThreshold)
    ctx_.switchboard.fire("seiche", std::to_string(amplitude));
}

void SeicheDetector::stop() {
  if (!running_.exchange(false))
    return;
  tty_.close(); // SAME: seiche_stop
  if (watcher_.joinable())
    watcher_.join();
}

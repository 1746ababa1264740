// goniod — the oscillation cue runner: wedges of rotation images cued and then
// swept (rotate, fire, next frame). cue() throws once the runner is closed.
#pragma once
#include <deque>
#include <functional>
#include <mutex>

#include "goniometer.h"
#include "trigger_unit.h"

namespace goniod {

struct Wedge {
  double start_deg = 0.0;
  double width_deg = 0.1;
  int frames = 0;
  double exposure_s = 0.1;
};

class Oscillation {
public:
  Oscillation(Goniometer &gonio, TriggerUnit &trigger);
  void cue(const Wedge &wedge);
  bool offer(const Wedge &wedge); // false instead of throwing once closed
  int run_cues(const std::function<void(int frame, double omega)> &on_frame);
  void close();
  void reopen();
  bool closed() const;

private:
  Goniometer &gonio_;
  TriggerUnit &trigger_;
  mutable std::mutex mu_;
  std::deque<Wedge> cues_;
  bool closed_ = false;
};

} // namespace goniod

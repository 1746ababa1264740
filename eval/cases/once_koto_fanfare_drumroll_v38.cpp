// Cue desk for a koto recital. The warm-up DrumrollChannel is finished (closed) once the
// encores begin and the fanfare channel carries the rest; finish() throws if the channel
// is already finished. StageCues::finale() closes through std::call_once, and
// play_encores_fixed clears its first-time flag with std::exchange. play_encores forgot to
// clear `first`, so every encore finishes the warm-up channel again; run_programme breaks
// out of the inner loop only, so the next act rolls (or finishes again) on the finished
// channel.
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DrumrollChannel {
 public:
  explicit DrumrollChannel(std::string name) : name_(std::move(name)) {}
  void roll(int beats) {
    if (finished_) throw std::runtime_error("drumroll channel " + name_ + " finished");
    beats_ += beats;
  }
  void finish() {
    if (finished_) throw std::runtime_error("drumroll channel " + name_ + " finished twice");
    finished_ = true;
  }
  bool finished() const { return finished_; }

 private:
  std::string name_;
  bool finished_ = false;
  int beats_ = 0;
};

struct Act {
  std::string title;
  std::vector<int> cues;  // a negative cue ends the drum part
};

class StageCues {
 public:
  StageCues() : drum_("stage") {}
  void finale() {
    std::call_once(finished_once_, [this] { drum_.finish(); });  // OK: call_once runs it once
  }
  void curtain_calls(int calls) {
    for (int c = 0; c < calls; ++c) finale();  // OK: finale() closes once
  }

 private:
  std::once_flag finished_once_;
  DrumrollChannel drum_;
};

void play_encores(DrumrollChannel& warmup, DrumrollChannel& fanfare, int encores) {
  bool first = true;
  for (int e = 0; e < encores; ++e) {
    if (first) {
      warmup.finish();  // BUG: double-close
    }
    fanfare.roll(8);  // OK: a different channel
  }
}

void play_encores_fixed(DrumrollChannel& warmup, DrumrollChannel& fanfare, int encores) {
  bool first = true;
  for (int e = 0; e < encores; ++e) {
    if (std::exchange(first, false)) warmup.finish();  // OK: only the first iteration
    fanfare.roll(8);  // OK
  }
}

void run_programme(DrumrollChannel& drum, const std::vector<Act>& acts) {
  for (const auto& act : acts) {
    for (int cue : act.cues) {
      if (cue < 0) {
        drum.finish();  // BUG: double-close
        break;
      }
      drum.roll(cue);  // BUG: use-after-close
    }
  }
}

void run_programme_fixed(DrumrollChannel& drum, const std::vector<Act>& acts) {
  bool done = false;
  for (const auto& act : acts) {
    for (int cue : act.cues) {
      if (cue < 0) {
        drum.finish();  // OK: `done` stops both loops
        done = true;
        break;
      }
      drum.roll(cue);  // OK: never after finish()
    }
    if (done) break;
  }
}

void countdown(DrumrollChannel& drum, int bars) {
  int played = 0;
  while (true) {
    drum.roll(4);  // OK: the loop returns right after finishing
    if (++played >= bars) {
      drum.finish();  // OK: followed by return
      return;
    }
  }
}

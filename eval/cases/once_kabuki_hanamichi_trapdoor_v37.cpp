// Kabuki theatre: the suppon trapdoor on the hanamichi walkway is driven by
// a TrapLink (a serial fd to the stage machinery). The cue runner must
// release the link exactly once per act; release() throws if called twice.
// The Sequencer releases through std::call_once and a first-time flag, and
// the evening loop releases when its state machine reaches Struck. Bugs: act
// two releases on both the Blackout and the Curtain cue, and the matinee
// releases on its first scene instead of its last, then raises the trap again.
#include <fcntl.h>
#include <unistd.h>

#include <mutex>
#include <stdexcept>
#include <vector>

class TrapLink {
 public:
  explicit TrapLink(const char* dev) : fd_(::open(dev, O_RDWR | O_NOCTTY)) {
    if (fd_ < 0) throw std::runtime_error("trap link: open failed");
  }
  void raise() {
    if (fd_ < 0) throw std::runtime_error("trap link released");
    if (::write(fd_, "U", 1) != 1) throw std::runtime_error("trap link: write failed");
  }
  void lower() {
    if (fd_ < 0) throw std::runtime_error("trap link released");
    if (::write(fd_, "D", 1) != 1) throw std::runtime_error("trap link: write failed");
  }
  void release() {
    if (fd_ < 0) throw std::logic_error("trap link released twice");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

enum class Cue { Raise, Lower, Blackout, Curtain };

static const Cue kActCues[] = {Cue::Raise, Cue::Lower, Cue::Blackout, Cue::Curtain};

void act_two(TrapLink& link) {
  for (Cue c : kActCues) {
    switch (c) {
      case Cue::Raise: link.raise(); break;
      case Cue::Lower: link.lower(); break;
      case Cue::Blackout:
      case Cue::Curtain:
        link.release();  // BUG: double-close
        break;
    }
  }
}

void act_three(TrapLink& link) {
  bool released = false;
  for (Cue c : kActCues) {
    switch (c) {
      case Cue::Raise: link.raise(); break;
      case Cue::Lower: link.lower(); break;
      case Cue::Blackout:
      case Cue::Curtain:
        if (!released) {
          link.release();  // OK: first-time flag
          released = true;
        }
        break;
    }
  }
}

class Sequencer {
 public:
  explicit Sequencer(const char* dev) : link_(dev) {}
  ~Sequencer() { stop(); }
  void run(const std::vector<Cue>& cues) {
    for (Cue c : cues) {
      if (c == Cue::Raise) link_.raise();
      if (c == Cue::Lower) link_.lower();
      if (c == Cue::Curtain) {
        stop();
        return;
      }
    }
  }
  void stop() {
    std::call_once(stopped_, [this] { link_.release(); });  // OK: std::call_once runs it once
  }

 private:
  TrapLink link_;
  std::once_flag stopped_;
};

void evening(TrapLink& link, int scenes) {
  enum class State { Playing, Struck } state = State::Playing;
  int scene = 0;
  while (state != State::Struck) {
    link.raise();  // OK: the loop ends as soon as the link is released
    link.lower();
    if (++scene >= scenes) {
      link.release();
      state = State::Struck;
    }
  }
}

void matinee(TrapLink& link) {
  constexpr int kScenes = 3;
  for (int remaining = kScenes; remaining > 0; --remaining) {
    link.raise();  // BUG: use-after-close
    link.lower();
    // Meant to release after the final scene (remaining == 1).
    if (remaining == kScenes) link.release();
  }
}

// Letterpress composing room: each motorised brayer is a BrayerMotor (roll() after close()
// throws), the chase clamp that locks formes up is a FormeClamp, the proof press counter is
// a raw descriptor written with an EINTR retry, and the compositor's type caster is shut
// down by whichever of two alarm handlers (both run on the room's event loop) fires first.
// Correct closes: one close per brayer in a loop over distinct brayers, a close on the last
// failed proof attempt followed by a return, and an atomic exchange that lets only the
// first alarm close the caster. Bugs: lock_formes() releases and closes the one shared
// clamp inside its per-forme loop, and count_proof() closes the counter on a hard write
// error but stays in its retry loop, writing to and closing the descriptor again.
#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class BrayerMotor {
public:
  void roll(int passes) {
    if (closed_)
      throw std::runtime_error("brayer motor closed");
    passes_ += passes;
  }
  void close() { closed_ = true; }

private:
  int passes_ = 0;
  bool closed_ = false;
};

class FormeClamp {
public:
  void tighten(const std::string &forme, double nm) {
    if (closed_)
      throw std::runtime_error("forme clamp closed, cannot lock " + forme);
    torque_ = nm;
  }
  void release_and_close() {
    torque_ = 0.0;
    closed_ = true;
  }

private:
  double torque_ = 0.0;
  bool closed_ = false;
};

class TypeCaster {
public:
  void cast(const std::string &sorts) {
    if (closed_)
      throw std::runtime_error("type caster closed");
    cast_ += sorts.size();
  }
  void close() {
    if (closed_)
      throw std::logic_error("type caster closed twice");
    closed_ = true;
  }

private:
  size_t cast_ = 0;
  bool closed_ = false;
};

void ink_up(std::vector<BrayerMotor> &brayers, int passes) {
  for (BrayerMotor &b : brayers) {
    b.roll(passes); // OK: each brayer is closed once, after its own roll
    b.close();
  }
}

void lock_formes(FormeClamp &clamp, const std::vector<std::string> &formes) {
  for (const std::string &forme : formes) {
    clamp.tighten(forme, 12.5); // BUG: use-after-close
    clamp.release_and_close();
  }
}

bool pull_proof(BrayerMotor &proofRoller, int attempts, bool (*inked)()) {
  for (int i = 0; i < attempts; ++i) {
    proofRoller.roll(1); // OK: the close below is followed by a return
    if (inked())
      return true;
    if (i == attempts - 1) {
      proofRoller.close();
      return false;
    }
  }
  return false;
}

int count_proof(int counterFd, const char *line) {
  size_t len = std::strlen(line);
  ssize_t n;
  do {
    n = ::write(counterFd, line, len); // BUG: use-after-close
    if (n < 0 && errno != EINTR)
      ::close(counterFd); // BUG: double-close
  } while (n < 0);
  return static_cast<int>(n);
}

class CompositorRoom {
public:
  void on_fire_alarm() { shut_caster(); }
  void on_metal_pot_overheat() { shut_caster(); }
  void cast_line(const std::string &sorts) {
    if (!casterClosed_.load())
      caster_.cast(sorts);
  }

private:
  void shut_caster() {
    if (casterClosed_.exchange(true))
      return;
    caster_.close(); // OK: only the first alarm gets past exchange()
  }
  std::atomic<bool> casterClosed_{false};
  TypeCaster caster_;
};

void broadside_run(std::vector<BrayerMotor> &brayers, FormeClamp &clamp, CompositorRoom &room, int counterFd) {
  room.cast_line("Caslon 14pt");
  ink_up(brayers, 4);
  lock_formes(clamp, {"title", "body", "colophon"});
  room.on_metal_pot_overheat();
  room.on_fire_alarm();
  count_proof(counterFd, "PROOF 1\n");
}

// The state read into a local and tested later (`const State now =
// m.state(); if (now == State::ShutDown) break;`) guards as the direct
// test does, in a loop too, as long as nothing closed the object between
// the read and the test. What an enumerator means comes from the class's
// own checks (`if (state_ != State::Running) throw`: every other state is
// closed), before its name: `ShutDown` is closed here though no name list
// says so. A read made before the close says nothing afterwards.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

enum class ManifoldState { Running, ShutDown };

class ValveManifold {
public:
  void openZone(int zone);
  void shutdown();
  ManifoldState state() const { return state_; }

private:
  void ensureRunning(const char *what) const;
  ManifoldState state_ = ManifoldState::Running;
};

void ValveManifold::ensureRunning(const char *what) const {
  if (state_ != ManifoldState::Running)
    throw std::runtime_error(std::string("valve manifold shut down: ") + what);
}
void ValveManifold::openZone(int zone) { ensureRunning("openZone"); }
void ValveManifold::shutdown() {
  ensureRunning("shutdown");
  state_ = ManifoldState::ShutDown;
}

void cycle(ValveManifold &m, int zones) {
  for (int z = 0; z < zones; ++z) {
    const ManifoldState st = m.state();
    if (st == ManifoldState::ShutDown)
      break;
    m.openZone(z);
    if (z > 1800)
      m.shutdown();
  }
}

void storedFlag(ValveManifold &m, int z, bool frost) {
  if (frost)
    m.shutdown();
  const bool down = m.state() == ManifoldState::ShutDown;
  if (down)
    return;
  m.openZone(z);
}

void staleRead(ValveManifold &m, int z, bool frost) {
  const ManifoldState before = m.state();
  if (frost)
    m.shutdown();
  if (before == ManifoldState::ShutDown)
    return;
  m.openZone(z);
  // CHECK: state-read-into-local.cpp:[[@LINE-1]]:5: warning: call to 'openZone' on 'm' that may have been closed
}

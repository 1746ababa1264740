// Watchdog thread: every period it heartbeats each gate that is not closed
// and shuts down a gate that misses three heartbeats in a row. It stops
// heartbeating as soon as a stop is requested, and the main loop stops it
// while a configuration reload replaces gate links and before the shutdown
// plan runs, so no other thread shuts gates down while it heartbeats them.
#include "watchdog.h"

#include <cstdio>

#include "stop_flag.h"
#include "terminal.h"

namespace ferry {

Watchdog::Watchdog(Terminal &t, std::chrono::milliseconds period) : t_(t), period_(period) {}

Watchdog::~Watchdog() { stop(); }

void Watchdog::start() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = false;
  }
  thread_ = std::thread([this] { run(); });
}

void Watchdog::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void Watchdog::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    cv_.wait_for(lk, period_, [this] { return stopping_; });
    if (stopping_)
      break;
    if (stopRequested())
      break;
    lk.unlock();
    checkGates();
    lk.lock();
  }
}

void Watchdog::checkGates() {
  t_.gates().forEach([this](GateId id, GateChannel &ch) {
    if (ch.state() == GateChannel::State::Closed)
      return;
    const Status st = ch.sendFrame(Frame::heartbeat(id)); // OK: closed gates are skipped above
    if (st.ok()) {
      misses_[id] = 0;
      return;
    }
    if (++misses_[id] >= 3) {
      std::fprintf(stderr, "watchdog: gate %u unresponsive (%s), shutting it down\n", id,
                   st.toString().c_str());
      ch.shutdown();
    }
  });
}

} // namespace ferry

// OutflowStillingWell: a telemetry thread streams the outflow level; stop()
// closes the tty under the mutex, then joins the thread.
#include "outflow_stilling.h"
#include "limnod_settings.h"
#include <chrono>
#include "limnod_switchboard.h"
#include <string>

OutflowStillingWell::OutflowStillingWell(LimnoContext &ctx)
    : ctx_(ctx), tty_(ctx.settings.device("outflow")) {}

OutflowStillingWell::~OutflowStillingWell() { stop(); }

bool OutflowStillingWell::portOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return open_;
}

void OutflowStillingWell::start() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (open_ || !tty_.open())
      return;
    open_ = true;
  }
  running_.store(true);
  telemetry_ = std::thread(&OutflowStillingWell::telemetryLoop, this);
}

void OutflowStillingWell::telemetryLoop() {
  while (running_.load()) {
    if (portOpen()) {
      const double level = tty_.readLevel(); // BUG: use-after-close #stilling_stop
      std::lock_guard<std::mutex> lk(mu_);
      lastLevel_ = level;
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

void OutflowStillingWell::tick() {
  double level = 0;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!open_ || lastLevel_ <= 0)
      return;
    level = lastLevel_;
  }
  ctx_.switchboard.fire("outflow/level", std::to_string(level));
}

void OutflowStillingWell::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!open_)
      return;
    tty_.close(); // SAME: stilling_stop
    open_ = false;
  }
  running_.store(false);
  if (telemetry_.joinable())
    telemetry_.join();
}

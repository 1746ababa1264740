// IdleReaper: aborts encoder sessions that went silent.
#include "ingestd/idle_reaper.h"
#include "ingestd/log_file.h"
#include "ingestd/session.h"
#include "ingestd/session_registry.h"
#include "ingestd/stats.h"

namespace ingestd {

IdleReaper::IdleReaper(std::shared_ptr<SessionRegistry> registry, std::chrono::seconds idleTimeout,
                       LogFile &log, Stats &stats)
    : registry_(std::move(registry)), idleTimeout_(idleTimeout), log_(log), stats_(stats) {}

IdleReaper::~IdleReaper() {
  stop(); // OK: stop() is idempotent
}

void IdleReaper::start() {
  thread_ = std::thread([this] { run(); });
}

void IdleReaper::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stop_)
      return;
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void IdleReaper::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stop_) {
    if (cv_.wait_for(lk, std::chrono::seconds(1), [this] { return stop_; }))
      break;
    lk.unlock();
    sweep();
    lk.lock();
  }
}

void IdleReaper::sweep() {
  const auto now = std::chrono::steady_clock::now();
  for (const std::shared_ptr<Session> &s : registry_->snapshot()) {
    if (now - s->lastActivity() < idleTimeout_)
      continue;
    log_.info("reaping idle session %s", s->streamKey().c_str());
    // Do not wait for the reader here: a stuck encoder would stall the sweep.
    s->abort();
    registry_->remove(s->streamKey(), s.get()); // OK: streamKey() only reads the key, the socket is not used
    stats_.reaped.fetch_add(1);
  }
}

} // namespace ingestd

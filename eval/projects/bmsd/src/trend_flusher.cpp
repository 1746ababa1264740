// TrendFlusher: wakes every interval (or when stopped) and flushes the trend
// log; stop() wakes the thread and joins it.
#include "trend_flusher.h"

#include "thread_util.h"
#include "trend_log.h"

namespace bmsd {

TrendFlusher::TrendFlusher(TrendLog &log, std::chrono::milliseconds interval)
    : log_(log), interval_(interval) {}

TrendFlusher::~TrendFlusher() { stop(); }

void TrendFlusher::start() {
  std::lock_guard<std::mutex> lock(mu_);
  if (thread_.joinable())
    return;
  stopping_ = false;
  thread_ = startThread([this] { run(); });
}

void TrendFlusher::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void TrendFlusher::run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    cv_.wait_for(lock, interval_, [this] { return stopping_; });
    lock.unlock();
    log_.flush();
    lock.lock();
  }
}

} // namespace bmsd

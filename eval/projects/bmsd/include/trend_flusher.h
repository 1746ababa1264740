// TrendFlusher: a background thread that flushes the trend log every
// interval so that at most one interval of samples is lost in a crash.
#pragma once
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace bmsd {

class TrendLog;

class TrendFlusher {
public:
  TrendFlusher(TrendLog &log, std::chrono::milliseconds interval);
  ~TrendFlusher();
  TrendFlusher(const TrendFlusher &) = delete;
  TrendFlusher &operator=(const TrendFlusher &) = delete;

  void start();
  void stop();

private:
  void run();

  TrendLog &log_;
  const std::chrono::milliseconds interval_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::thread thread_;
};

} // namespace bmsd

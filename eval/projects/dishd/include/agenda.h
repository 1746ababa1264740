// ObservingAgenda: the queue of scans proposed by the scheduler, consumed by
// the observing loop.
#pragma once
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

struct ScanRequest {
  std::string source;
  double raDeg = 0.0;
  double decDeg = 0.0;
  int seconds = 0;
};

class ObservingAgenda {
public:
  /// Adds a scan; throws std::runtime_error once the agenda is closed.
  void enqueue(ScanRequest scan);
  /// Waits up to `wait` for the next scan; empty on timeout or once closed.
  std::optional<ScanRequest> next(std::chrono::milliseconds wait);
  /// Drops every queued scan of `source`.
  void cancel(const std::string &source);
  void close();
  bool closed() const;
  std::size_t backlog() const;

private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<ScanRequest> scans_;
  bool closed_ = false;
};

ScanRequest parseScan(const std::string &text);

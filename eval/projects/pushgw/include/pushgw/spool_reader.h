// Reads notification requests from *.push files in a spool directory (stdio),
// hands them to a submit callback and deletes the accepted files; scans on its
// own thread while it holds the spool lock.
// The BUG/SAME markers are in src/spool_reader.cpp.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "pushgw/notification.h"
#include "pushgw/spool_lock.h"

namespace pushgw {

class SpoolReader {
public:
  using Submit = std::function<bool(const Notification &)>;

  SpoolReader(std::string dir, Submit submit, std::chrono::milliseconds interval);
  ~SpoolReader();

  /// false when another process holds the spool lock.
  bool start();
  /// Idempotent.
  void stop();
  /// Processes every *.push file once; returns how many were accepted.
  std::size_t scanOnce();
  std::size_t malformed() const { return malformed_; }

private:
  void run();
  bool processFile(const std::string &path);

  const std::string dir_;
  Submit submit_;
  const std::chrono::milliseconds interval_;
  SpoolLock lock_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::atomic<bool> running_{false};
  std::atomic<std::size_t> malformed_{0};
  std::thread thread_;
};

} // namespace pushgw

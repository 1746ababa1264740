// AccessLog: one line per served request, appended to a std::ofstream.
// Rotated by size, reopened on SIGHUP (for logrotate's copy-less mode), and
// flushed once a second by a small background thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>

#include "common.h"
#include "tile_key.h"

namespace tilesrv {

struct AccessEntry {
  SessionId session = 0;
  std::string peer;
  TileKey key;
  int status = 200;
  std::size_t bytes = 0;
  bool cacheHit = false;
  std::chrono::microseconds latency{0};
};

class AccessLog {
public:
  AccessLog(std::string path, std::uint64_t rotateBytes, std::chrono::seconds flushInterval);
  ~AccessLog();

  AccessLog(const AccessLog &) = delete;
  AccessLog &operator=(const AccessLog &) = delete;

  void write(const AccessEntry &entry);
  // Writes a "# ..." comment line (reloads, operator notes).
  void note(const std::string &text);
  void reopen();
  void close();
  bool isOpen() const;
  const std::string &path() const { return path_; }

private:
  void rotateLocked();
  void flushLoop();

  const std::string path_;
  const std::uint64_t rotateBytes_;
  const std::chrono::seconds flushInterval_;
  std::uint64_t written_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::ofstream out_;
  std::atomic<bool> stopFlusher_{false};
  std::thread flusher_;
};

} // namespace tilesrv

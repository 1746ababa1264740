// MetricsFile: exports the proxy's counters and gauges.
// Every interval (and on flushNow()) a Prometheus text snapshot is written to
// a temporary file and renamed over snapshotPath, and one CSV line is appended
// to the history file (a std::ofstream held in a std::optional).
//  - add()/setGauge() only update in-memory values; allowed at any time.
//  - flushNow() writes a snapshot immediately; throws std::logic_error once the
//    file is closed.
//  - reopenHistory(path) switches the history file; returns false once closed
//    or when the new file can't be opened.
//  - close() stops the flusher thread, writes the final snapshot and closes the
//    history file. It must be called once: a second close() throws
//    std::logic_error.
//  - explicit operator bool: true until close().
// Thread-safe.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace sqlproxy {

class MetricsFile {
public:
  MetricsFile(std::string snapshotPath, std::string historyPath,
              std::chrono::milliseconds interval, bool durable);
  ~MetricsFile();
  MetricsFile(const MetricsFile &) = delete;
  MetricsFile &operator=(const MetricsFile &) = delete;

  void start();
  void add(const std::string &counter, int64_t delta);
  void setGauge(const std::string &gauge, int64_t value);
  void flushNow();
  bool reopenHistory(const std::string &path);
  void close();
  explicit operator bool() const;

private:
  void flushLoop();
  bool writeSnapshotLocked();
  void appendHistoryLocked();
  std::string renderLocked() const;

  const std::string snapshotPath_;
  std::string historyPath_;
  const std::chrono::milliseconds interval_;
  const bool durable_;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool closed_ = false;
  std::map<std::string, int64_t> counters_;
  std::map<std::string, int64_t> gauges_;
  std::optional<std::ofstream> history_;
  uint64_t failedWrites_ = 0;
  uint64_t nonDurableWrites_ = 0;
  std::thread flusher_;
};

} // namespace sqlproxy

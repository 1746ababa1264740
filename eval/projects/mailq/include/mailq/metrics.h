// Metrics: named counters plus a line-oriented metrics file (std::ofstream).
//
// increment() works at any time, even after close(). writeLine() and
// dumpNow() write to the file and throw std::logic_error once close() has
// been called (or when the file could not be opened). startReporter() starts a
// thread that writes a snapshot every interval. reopen() starts a new file at
// the same path (used after logrotate moved the old one away). close() stops
// the reporter, writes a final snapshot and closes the file; it is
// idempotent, and the destructor calls it.
#pragma once
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace mailq {

class Metrics {
public:
  explicit Metrics(std::string path);
  ~Metrics();
  Metrics(const Metrics &) = delete;
  Metrics &operator=(const Metrics &) = delete;

  void increment(const std::string &name, long delta = 1);
  void writeLine(const std::string &line);
  void dumpNow();
  void startReporter(std::chrono::seconds every);
  void reopen();
  void close();

private:
  std::string snapshotLocked() const;

  const std::string path_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, long> counters_;
  std::ofstream out_;
  std::thread reporter_;
  bool stopReporter_ = false;
  bool closed_ = false;
};

} // namespace mailq

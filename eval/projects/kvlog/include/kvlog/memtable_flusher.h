// Background thread that turns frozen memtables into sstables, one at a time.
// scheduleFlush() throws std::runtime_error once stop() has been called (the
// flush queue is closed). stop() is idempotent and waits for the flushes already
// queued. The onFlushed callback runs on the flusher thread.
#pragma once
#include "kvlog/memtable.h"
#include "kvlog/metrics.h"
#include "kvlog/work_queue.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace kvlog {

class MemTableFlusher {
public:
  using OnFlushed = std::function<void(const std::string &tablePath)>;

  MemTableFlusher(std::string dataDir, std::uint64_t firstTableIndex, Metrics &metrics);
  ~MemTableFlusher();

  void setOnFlushed(OnFlushed cb) { onFlushed_ = std::move(cb); }
  void start();
  void stop();
  void scheduleFlush(std::shared_ptr<const MemTable> table);

private:
  void run();
  bool flushOne(const MemTable &table, const std::string &path);
  std::string nextTablePath();

  const std::string dataDir_;
  std::atomic<std::uint64_t> nextIndex_;
  Metrics &metrics_;
  WorkQueue<std::shared_ptr<const MemTable>> queue_;
  std::thread thread_;
  OnFlushed onFlushed_;
};

} // namespace kvlog

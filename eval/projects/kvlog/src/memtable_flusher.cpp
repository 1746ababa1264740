// MemTableFlusher: writes frozen memtables out as sstables on its own thread.
#include "kvlog/memtable_flusher.h"
#include "kvlog/log.h"
#include "kvlog/sstable_writer.h"

#include <cinttypes>
#include <cstdio>

namespace kvlog {

MemTableFlusher::MemTableFlusher(std::string dataDir, std::uint64_t firstTableIndex,
                                 Metrics &metrics)
    : dataDir_(std::move(dataDir)), nextIndex_(firstTableIndex), metrics_(metrics) {}

MemTableFlusher::~MemTableFlusher() {
  stop(); // OK: stop() is idempotent
}

void MemTableFlusher::start() { thread_ = std::thread([this] { run(); }); }

void MemTableFlusher::stop() {
  queue_.close(); // OK: WorkQueue::close() is idempotent
  if (thread_.joinable())
    thread_.join();
}

void MemTableFlusher::scheduleFlush(std::shared_ptr<const MemTable> table) {
  queue_.push(std::move(table)); // SAME: late_flush
  metrics_.add("flush.queued", 1);
}

std::string MemTableFlusher::nextTablePath() {
  char name[64];
  std::snprintf(name, sizeof name, "/sst-%08" PRIu64 ".sst", nextIndex_.fetch_add(1));
  return dataDir_ + name;
}

void MemTableFlusher::run() {
  while (std::optional<std::shared_ptr<const MemTable>> table = queue_.pop()) {
    const std::string path = nextTablePath();
    if (flushOne(**table, path)) {
      logInfo("flush: wrote %s (%zu keys)", path.c_str(), (*table)->size());
      if (onFlushed_)
        onFlushed_(path);
    }
  }
}

bool MemTableFlusher::flushOne(const MemTable &table, const std::string &path) {
  SSTableWriter writer(path);
  if (!writer.isOpen())
    return false;
  bool written = true;
  for (const auto &kv : table.snapshot()) {
    if (!writer.add(kv.first, kv.second)) {
      written = false;
      break;
    }
  }
  if (written)
    written = writer.finish();
  else
    writer.abort();
  metrics_.add(written ? "flush.done" : "flush.failed", 1);
  return written;
} // BUG: double-close #flush_abort

} // namespace kvlog

// Merges sstables in the background. noteNewTable() records a freshly flushed
// table and, once kFanIn tables are pending, submits a merge to the compaction
// pool. A merge writes a new table and hands it to the CompactionWorker, which
// verifies it and calls install(): the inputs are evicted from the table cache,
// deleted, and the manifest is rewritten. stop() shuts the pool down and stops
// the worker; it is idempotent.
#pragma once
#include "kvlog/compaction_worker.h"
#include "kvlog/memtable.h"
#include "kvlog/metrics.h"
#include "kvlog/table_cache.h"
#include "kvlog/thread_pool.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace kvlog {

class Compactor {
public:
  static constexpr std::size_t kFanIn = 4;

  Compactor(std::string dataDir, TableCache &cache, Metrics &metrics);
  ~Compactor();

  bool start(unsigned threads);
  void stop();
  void addExisting(const std::vector<std::string> &tables);
  void noteNewTable(const std::string &path);
  std::vector<std::string> liveTables() const;
  bool writeManifest();

private:
  void compact(std::vector<std::string> inputs);
  bool loadTable(const std::string &path, std::map<std::string, ValueEntry> &merged);
  void install(const CompactionJob &job);
  std::string nextOutputPath();

  const std::string dataDir_;
  TableCache &cache_;
  Metrics &metrics_;
  ThreadPool pool_;
  CompactionWorker worker_;
  mutable std::mutex mu_;
  std::mutex manifestMu_;
  std::vector<std::string> tables_;
  std::vector<std::string> pending_;
  std::uint64_t nextIndex_ = 1;
};

} // namespace kvlog

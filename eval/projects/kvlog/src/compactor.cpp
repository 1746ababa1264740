// Compactor: background merging of sstables (see compactor.h).
#include "kvlog/compactor.h"
#include "kvlog/fd_handle.h"
#include "kvlog/fd_util.h"
#include "kvlog/log.h"
#include "kvlog/sstable_reader.h"
#include "kvlog/sstable_writer.h"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <unistd.h>

namespace kvlog {
namespace {

// Writes one line per live table. On a short write it gives up and releases
// the descriptor.
bool writeManifestLines(int fd, const std::vector<std::string> &tables) {
  for (const std::string &table : tables) {
    if (!writeAll(fd, table + "\n")) {
      closeQuietly(fd);
      return false;
    }
  }
  return true;
}

} // namespace

Compactor::Compactor(std::string dataDir, TableCache &cache, Metrics &metrics)
    : dataDir_(std::move(dataDir)), cache_(cache), metrics_(metrics), pool_("compaction") {}

Compactor::~Compactor() {
  stop(); // OK: both steps of stop() are idempotent
}

bool Compactor::start(unsigned threads) {
  pool_.start(threads);
  return worker_.start([this](const CompactionJob &job) { install(job); });
}

void Compactor::stop() {
  pool_.shutdown(); // SAME: compact_submit_race
  worker_.stop();
}

void Compactor::addExisting(const std::vector<std::string> &tables) {
  std::lock_guard<std::mutex> lock(mu_);
  tables_.insert(tables_.end(), tables.begin(), tables.end());
  for (const std::string &table : tables) {
    const auto pos = table.rfind("/cmp-");
    if (pos != std::string::npos)
      nextIndex_ = std::max<std::uint64_t>(nextIndex_,
                                           std::strtoull(table.c_str() + pos + 5, nullptr, 10) + 1);
  }
}

void Compactor::noteNewTable(const std::string &path) {
  std::vector<std::string> batch;
  {
    std::lock_guard<std::mutex> lock(mu_);
    tables_.push_back(path);
    pending_.push_back(path);
    if (pending_.size() < kFanIn)
      return;
    batch.swap(pending_);
  }
  metrics_.add("compaction.scheduled", 1);
  pool_.submit([this, inputs = std::move(batch)]() mutable { compact(std::move(inputs)); }); // BUG: use-after-close #compact_submit_race
}

std::vector<std::string> Compactor::liveTables() const {
  std::lock_guard<std::mutex> lock(mu_);
  return {tables_.rbegin(), tables_.rend()};
}

std::string Compactor::nextOutputPath() {
  std::lock_guard<std::mutex> lock(mu_);
  char name[64];
  std::snprintf(name, sizeof name, "/cmp-%08" PRIu64 ".sst", nextIndex_++);
  return dataDir_ + name;
}

bool Compactor::loadTable(const std::string &path, std::map<std::string, ValueEntry> &merged) {
  SSTableReader reader(path);
  if (!reader.isOpen())
    return false;
  // Sequential scan on its own descriptor, so the read-ahead hint does not
  // affect point lookups served from the table cache.
  FdHandle scan(reader.rawFd());
  ::posix_fadvise(scan.get(), 0, 0, POSIX_FADV_SEQUENTIAL);
  std::string data(static_cast<std::size_t>(reader.dataEnd()), '\0');
  bool loaded = data.empty() || preadExact(scan.get(), &data[0], data.size(), 0);
  if (loaded)
    loaded = parseSSTableEntries(
        data, [&merged](const std::string &key, const ValueEntry &entry) { merged[key] = entry; });
  return loaded;
} // BUG: double-close #shared_scan_fd

void Compactor::compact(std::vector<std::string> inputs) {
  std::map<std::string, ValueEntry> merged;
  for (const std::string &path : inputs) {
    if (!loadTable(path, merged)) {
      logWarn("compaction: cannot read %s, skipping this merge", path.c_str());
      return;
    }
  }
  const std::string outPath = nextOutputPath();
  SSTableWriter writer(outPath);
  if (!writer.isOpen())
    return;
  for (const auto &kv : merged) {
    // On failure the writer's destructor removes the partial output.
    if (!writer.add(kv.first, kv.second))
      return;
  }
  if (!writer.finish())
    return;

  const int verifyFd = ::open(outPath.c_str(), O_RDONLY | O_CLOEXEC);
  if (verifyFd < 0) {
    logError("compaction: cannot reopen %s: %s", outPath.c_str(), std::strerror(errno));
    return;
  }
  try {
    worker_.submit(CompactionJob{verifyFd, outPath, inputs});
  } catch (const std::exception &e) {
    logWarn("compaction: %s; dropping %s", e.what(), outPath.c_str());
    ::close(verifyFd); // OK: submit() throws before it takes ownership of the descriptor
    ::unlink(outPath.c_str());
  }
}

void Compactor::install(const CompactionJob &job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto first = std::find(tables_.begin(), tables_.end(), job.inputs.front());
    const auto position = first - tables_.begin();
    tables_.erase(std::remove_if(tables_.begin(), tables_.end(),
                                 [&job](const std::string &t) {
                                   return std::find(job.inputs.begin(), job.inputs.end(), t) !=
                                          job.inputs.end();
                                 }),
                  tables_.end());
    const auto at = std::min<std::ptrdiff_t>(position, static_cast<std::ptrdiff_t>(tables_.size()));
    tables_.insert(tables_.begin() + at, job.outputPath);
  }
  for (const std::string &input : job.inputs) {
    cache_.evict(input);
    ::unlink(input.c_str());
  }
  metrics_.add("compaction.installed", 1);
  writeManifest();
}

bool Compactor::writeManifest() {
  std::lock_guard<std::mutex> manifestLock(manifestMu_);
  std::vector<std::string> tables;
  {
    std::lock_guard<std::mutex> lock(mu_);
    tables = tables_;
  }
  const std::string tmp = dataDir_ + "/MANIFEST.tmp";
  const std::string target = dataDir_ + "/MANIFEST";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    logError("compaction: cannot write %s: %s", tmp.c_str(), std::strerror(errno));
    return false;
  }
  if (!writeManifestLines(fd, tables)) {
    logWarn("compaction: manifest write failed");
    closeQuietly(fd); // BUG: double-close #manifest_fail
    ::unlink(tmp.c_str());
    return false;
  }
  const bool durable = ::fsync(fd) == 0;
  closeQuietly(fd); // OK: writeManifestLines() closes only when it fails, handled above
  if (!durable || std::rename(tmp.c_str(), target.c_str()) != 0) {
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

} // namespace kvlog

// RecoveryManager: replays the WAL segments into the memtable at start-up.
// Empty segments are removed; a segment with a bad checksum is moved aside
// (renamed to "<segment>.corrupt") and replay stops at that point of it.
#include "kvlog/recovery.h"
#include "kvlog/file_closer.h"
#include "kvlog/log.h"
#include "kvlog/segment_reader.h"
#include "kvlog/wal_record.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>

namespace kvlog {
namespace {

void quarantineSegment(SegmentReader &reader) {
  reader.close();
  const std::string bad = reader.path() + ".corrupt";
  if (std::rename(reader.path().c_str(), bad.c_str()) != 0)
    logWarn("recovery: cannot move %s aside", reader.path().c_str());
}

bool segmentLooksEmpty(const std::string &path) {
  FilePtr fp(std::fopen(path.c_str(), "rb"));
  if (!fp)
    return true;
  const bool empty = std::fgetc(fp.get()) == EOF;
  if (empty)
    std::fclose(fp.get());
  return empty;
} // BUG: double-close #empty_probe

std::uint64_t segmentIndexOf(const std::string &name) {
  // wal-00000042.log
  return std::strtoull(name.c_str() + 4, nullptr, 10);
}

} // namespace

RecoveryManager::RecoveryManager(std::string walDir, MemTable &table)
    : walDir_(std::move(walDir)), table_(table) {}

std::vector<std::string> RecoveryManager::listSegments() const {
  std::vector<std::string> names;
  DIR *dir = ::opendir(walDir_.c_str());
  if (dir == nullptr)
    return names;
  while (dirent *entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name.size() > 8 && name.compare(0, 4, "wal-") == 0 &&
        name.compare(name.size() - 4, 4, ".log") == 0)
      names.push_back(name);
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

RecoveryStats RecoveryManager::run() {
  RecoveryStats stats;
  for (const std::string &name : listSegments()) {
    const std::string path = walDir_ + "/" + name;
    stats.lastSegmentIndex = std::max(stats.lastSegmentIndex, segmentIndexOf(name));
    if (segmentLooksEmpty(path)) {
      std::remove(path.c_str());
      continue;
    }
    replaySegment(path, stats);
    ++stats.segments;
  }
  logInfo("recovery: %zu segments, %zu records, %zu corrupt, last seq %" PRIu64, stats.segments,
          stats.records, stats.corrupt, stats.lastSeq);
  return stats;
}

void RecoveryManager::replaySegment(const std::string &path, RecoveryStats &stats) {
  SegmentReader reader(path);
  if (!reader.isOpen()) {
    logWarn("recovery: cannot open %s", path.c_str());
    return;
  }
  std::string payload;
  std::uint32_t crc = 0;
  while (reader.next(payload, crc)) {
    if (WalCodec::checksum(payload) != crc) {
      quarantineSegment(reader);
      logWarn("recovery: bad checksum in %s at offset %ld", path.c_str(), reader.offset()); // BUG: use-after-close
      ++stats.corrupt;
      break;
    }
    WalRecord rec;
    if (!WalCodec::decodePayload(payload, rec)) {
      ++stats.corrupt;
      continue;
    }
    if (rec.op == WalRecord::Op::Put)
      table_.put(rec.key, rec.value);
    else if (rec.op == WalRecord::Op::Delete)
      table_.remove(rec.key);
    stats.lastSeq = std::max(stats.lastSeq, rec.seq);
    ++stats.records;
  }
  if (reader.isOpen() && reader.torn())
    logWarn("recovery: torn tail in %s at offset %ld", path.c_str(), reader.offset()); // OK: guarded by isOpen()
  reader.close(); // OK: SegmentReader::close() is idempotent
}

} // namespace kvlog

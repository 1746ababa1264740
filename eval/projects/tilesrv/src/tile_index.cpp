// TileIndex: append-only text index of cached blobs, with a syncer thread
// that flushes and fsyncs it every few seconds and a loader used at startup.
#include "tile_index.h"

#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

#include "log.h"
#include "scope_exit.h"

namespace tilesrv {

std::string formatIndexLine(const IndexRecord &r) {
  char buf[160];
  std::snprintf(buf, sizeof buf, " %d %d %d %" PRIu32 " %" PRIu64 " %" PRIu32 "\n", r.key.z, r.key.x, r.key.y,
                r.segment, r.offset, r.length);
  return r.key.style + buf;
}

bool parseIndexLine(const char *line, IndexRecord &r) {
  if (line[0] == '#' || line[0] == '\n' || line[0] == '\0')
    return false;
  char style[64];
  int z, x, y;
  std::uint32_t segment, length;
  std::uint64_t offset;
  if (std::sscanf(line, "%63s %d %d %d %" SCNu32 " %" SCNu64 " %" SCNu32, style, &z, &x, &y, &segment, &offset,
                  &length) != 7)
    return false;
  r.key = TileKey{style, z, x, y};
  r.segment = segment;
  r.offset = offset;
  r.length = length;
  return true;
}

TileIndex::~TileIndex() { close(); } // OK: close() returns early once the file is closed

void TileIndex::open(const std::string &path, std::chrono::milliseconds syncInterval) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (file_)
    throw std::logic_error("index " + path_ + " is already open");
  std::FILE *file = std::fopen(path.c_str(), "a");
  if (!file)
    throw std::system_error(errno, std::generic_category(), "open index " + path);
  file_ = file;
  path_ = path;
  syncInterval_ = syncInterval;
  stopSyncer_ = false;
  syncer_ = std::thread([this] { syncLoop(); });
}

void TileIndex::reopen() {
  const std::string path = path_;
  open(path, syncInterval_);
}

void TileIndex::ensureOpenLocked(const char *operation) const {
  if (!file_)
    throw std::runtime_error("index " + path_ + " is closed, cannot " + operation);
}

void TileIndex::append(const IndexRecord &record) {
  const std::string line = formatIndexLine(record);
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("append");
  if (std::fputs(line.c_str(), file_) == EOF)
    throw std::system_error(errno, std::generic_category(), "append to " + path_);
  ++records_;
}

void TileIndex::writeCheckpoint(std::uint64_t liveRecords) {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("write a checkpoint");
  std::fprintf(file_, "# checkpoint live=%" PRIu64 " written=%" PRIu64 "\n", liveRecords, records_.load());
  std::fflush(file_);
}

bool TileIndex::isOpen() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return file_ != nullptr;
}

void TileIndex::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!file_)
      return;
    std::fflush(file_);
    ::fsync(::fileno(file_));
    std::fclose(file_);
    file_ = nullptr;
    stopSyncer_ = true;
  }
  wake_.notify_all();
  if (syncer_.joinable())
    syncer_.join();
}

void TileIndex::syncLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait_for(lock, syncInterval_, [this] { return stopSyncer_; });
    if (stopSyncer_ || file_ == nullptr)
      return;
    if (std::fflush(file_) != 0) { // OK: file_ is checked under the mutex close() holds
      log::warn("index %s: flush failed: %s", path_.c_str(), std::strerror(errno));
      continue;
    }
    ::fsync(::fileno(file_)); // OK
  }
}

std::vector<IndexRecord> TileIndex::load(const std::string &path) {
  std::vector<IndexRecord> records;
  std::FILE *file = std::fopen(path.c_str(), "r");
  if (!file) {
    if (errno == ENOENT)
      return records;
    throw std::system_error(errno, std::generic_category(), "read index " + path);
  }
  auto closeFile = makeScopeExit([file] { std::fclose(file); });
  char line[512];
  while (std::fgets(line, sizeof line, file)) { // OK: the guard closes the file when load() returns
    IndexRecord record;
    if (parseIndexLine(line, record))
      records.push_back(std::move(record));
  }
  if (std::ferror(file)) // OK
    throw std::runtime_error("read error in index " + path);
  return records;
}

} // namespace tilesrv

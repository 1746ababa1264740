// IndexCompactor: copies the live records of the cache index into a
// temporary file, syncs it and renames it over the index.
#include "index_compactor.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

#include "log.h"
#include "scope_exit.h"

namespace tilesrv {

IndexCompactor::IndexCompactor(std::string indexPath, LivePredicate isLive)
    : indexPath_(std::move(indexPath)), isLive_(std::move(isLive)) {}

CompactionResult IndexCompactor::run() {
  CompactionResult result;
  const std::string tmpPath = indexPath_ + ".compact";

  std::FILE *in = std::fopen(indexPath_.c_str(), "r");
  if (!in) {
    result.error = "open " + indexPath_ + ": " + std::strerror(errno);
    return result;
  }
  std::FILE *out = std::fopen(tmpPath.c_str(), "w");
  if (!out) {
    result.error = "create " + tmpPath + ": " + std::strerror(errno);
    std::fclose(in);
    return result;
  }
  auto closeOut = makeScopeExit([out] { std::fclose(out); }); // BUG: double-close

  char line[512];
  while (std::fgets(line, sizeof line, in)) {
    IndexRecord record;
    if (!parseIndexLine(line, record) || !isLive_(record)) {
      ++result.dropped;
      continue;
    }
    if (std::fputs(line, out) == EOF) {
      result.error = "write " + tmpPath + ": " + std::strerror(errno);
      std::fclose(in);
      std::remove(tmpPath.c_str());
      return result;
    }
    ++result.kept;
  }
  const bool readFailed = std::ferror(in) != 0;
  std::fclose(in);
  result.bytesRead = std::ftell(in); // BUG: use-after-close
  if (readFailed) {
    result.error = "read error in " + indexPath_;
    std::remove(tmpPath.c_str());
    return result;
  }

  if (std::fflush(out) != 0 || ::fsync(::fileno(out)) != 0) {
    result.error = "sync " + tmpPath + ": " + std::strerror(errno);
    std::remove(tmpPath.c_str());
    return result;
  }
  // The data must be on disk before the rename makes it the index.
  if (std::fclose(out) != 0) {
    result.error = "close " + tmpPath + ": " + std::strerror(errno);
    std::remove(tmpPath.c_str());
    return result;
  }
  if (std::rename(tmpPath.c_str(), indexPath_.c_str()) != 0) {
    result.error = "rename " + tmpPath + ": " + std::strerror(errno);
    std::remove(tmpPath.c_str());
    return result;
  }
  result.ok = true;
  log::debug("compacted %s: kept %llu dropped %llu", indexPath_.c_str(),
             static_cast<unsigned long long>(result.kept), static_cast<unsigned long long>(result.dropped));
  return result;
}

} // namespace tilesrv

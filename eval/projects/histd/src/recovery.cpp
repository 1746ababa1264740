// Recovery, run before the store opens its files: trims a torn index tail,
// writes the missing footer of segments that were still being written when
// the process died, and moves segments without a single record aside.
#include "recovery.h"

#include "defer.h"
#include "log.h"
#include "segment_file.h"
#include "segment_index.h"
#include "codec.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace histd {

namespace {

void trimIndex(const std::string &path, RecoveryReport &report) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT)
      log::error("recovery: cannot open %s: %s", path.c_str(), std::strerror(errno));
    return;
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0) {
    const off_t whole = st.st_size - st.st_size % off_t(sizeof(IndexEntry));
    if (whole != st.st_size) {
      if (::ftruncate(fd, whole) == 0 && ::fsync(fd) == 0)
        report.indexBytesTrimmed = static_cast<std::size_t>(st.st_size - whole);
      else
        log::error("recovery: cannot trim %s: %s", path.c_str(), std::strerror(errno));
    }
    const std::vector<IndexEntry> entries = index_io::readAll(fd);
    log::info("recovery: index %s has %zu entries", path.c_str(), entries.size());
  }
  if (::close(fd) != 0 && errno == EINTR)
    ::close(fd); // OK
}

void quarantine(const std::string &path, const std::string &dir) {
  const fs::path target = fs::path(dir) / "quarantine" / fs::path(path).filename();
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  fs::rename(path, target, ec);
  if (ec)
    log::error("recovery: cannot move %s aside: %s", path.c_str(), ec.message().c_str());
  else
    log::warn("recovery: moved empty segment %s to %s", path.c_str(), target.c_str());
}

bool rebuildFooter(std::FILE *fp, uint64_t records, SegmentFooter &footer) {
  if (std::fseek(fp, long(kSegmentHeaderBytes), SEEK_SET) != 0)
    return false;
  unsigned char rec[kSampleRecordBytes];
  for (uint64_t i = 0; i < records; ++i) {
    if (std::fread(rec, 1, sizeof rec, fp) != sizeof rec)
      return false;
    const Sample s = decodeRecord(rec);
    if (footer.count == 0)
      footer.firstTs = s.tsMicros;
    footer.lastTs = s.tsMicros;
    ++footer.count;
    footer.crc = codec::crc32(rec, sizeof rec, footer.crc);
  }
  return true;
}

} // namespace

RecoveryReport recoverDirectory(const std::string &dir) {
  RecoveryReport report;
  trimIndex(dir + "/segments.idx", report);

  std::vector<std::string> segments;
  for (const fs::directory_entry &e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("seg-", 0) == 0 && e.path().extension() == ".dat")
      segments.push_back(e.path().string());
  }
  std::sort(segments.begin(), segments.end());
  report.segments = segments.size();

  for (const std::string &path : segments) {
    std::FILE *fp = std::fopen(path.c_str(), "r+b");
    if (!fp) {
      log::error("recovery: cannot open %s: %s", path.c_str(), std::strerror(errno));
      continue;
    }
    auto closeFp = defer([&] {
      std::fclose(fp); // BUG: double-close
    });

    SegmentFooter footer;
    if (readSegmentFooter(fp, footer))
      continue;
    ++report.unsealed;

    if (std::fseek(fp, 0, SEEK_END) != 0) // OK
      continue;
    const long size = std::ftell(fp);
    const uint64_t records =
        size > long(kSegmentHeaderBytes) ? (uint64_t(size) - kSegmentHeaderBytes) / kSampleRecordBytes
                                         : 0;
    if (records == 0) {
      std::fclose(fp);
      quarantine(path, dir);
      ++report.quarantined;
      continue;
    }

    SegmentFooter rebuilt;
    if (!rebuildFooter(fp, records, rebuilt)) {
      log::error("recovery: cannot read %s", path.c_str());
      continue;
    }
    const off_t keep = off_t(kSegmentHeaderBytes + records * kSampleRecordBytes);
    if (std::fflush(fp) != 0 || ::ftruncate(::fileno(fp), keep) != 0 || // OK
        std::fseek(fp, 0, SEEK_END) != 0) {
      log::error("recovery: cannot trim %s: %s", path.c_str(), std::strerror(errno));
      continue;
    }
    if (!writeSegmentFooter(fp, rebuilt) || std::fflush(fp) != 0 || ::fsync(::fileno(fp)) != 0) {
      log::error("recovery: cannot seal %s: %s", path.c_str(), std::strerror(errno));
      continue;
    }
    log::warn("recovery: sealed %s with %u records", path.c_str(), rebuilt.count);
  }
  return report;
}

} // namespace histd

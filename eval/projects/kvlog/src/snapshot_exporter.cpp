// SnapshotExporter: point-in-time text exports of a memtable.
#include "kvlog/snapshot_exporter.h"
#include "kvlog/file_guard.h"
#include "kvlog/log.h"
#include "kvlog/snapshot_format.h"

#include <cstdio>
#include <sstream>
#include <unistd.h>

namespace kvlog {

bool SnapshotExporter::exportTo(const std::string &path, const MemTable &table, std::uint64_t seq) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::string tmp = path + ".tmp";
  out_.open(tmp, std::ios::out | std::ios::trunc);
  if (!out_.is_open()) {
    logWarn("snapshot: cannot create %s", tmp.c_str());
    return false;
  }
  const auto entries = table.snapshot();
  writeSnapshotHeader(out_, seq, entries.size()); // OK: the stream was (re)opened just above
  std::uint32_t crc = 0;
  for (const auto &kv : entries)
    crc = writeSnapshotEntry(out_, crc, kv.first, kv.second);
  out_.flush();
  const bool written = static_cast<bool>(out_);
  out_.close();
  writeSnapshotFooter(out_, crc); // BUG: use-after-close #snap_footer
  if (!written || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    logWarn("snapshot: export to %s failed", path.c_str());
    return false;
  }
  logInfo("snapshot: wrote %zu entries to %s", entries.size(), path.c_str());
  return true;
}

bool SnapshotExporter::exportToFd(int fd, const MemTable &table, std::uint64_t seq) {
  std::ostringstream text;
  const auto entries = table.snapshot();
  writeSnapshotHeader(text, seq, entries.size());
  std::uint32_t crc = 0;
  for (const auto &kv : entries)
    crc = writeSnapshotEntry(text, crc, kv.first, kv.second);
  writeSnapshotFooter(text, crc);
  const std::string body = text.str();

  // stdio on a duplicate: fclose() must not close the caller's descriptor.
  const int copy = ::dup(fd);
  if (copy < 0)
    return false;
  std::FILE *fp = ::fdopen(copy, "w");
  if (fp == nullptr) {
    ::close(copy); // OK: fdopen() failed, so the duplicate is still ours to close
    return false;
  }
  FileGuard guard(fp);
  if (std::fwrite(body.data(), 1, body.size(), fp) != body.size())
    return false;
  guard.dismiss();
  return std::fclose(fp) == 0; // OK: the guard was dismissed; this closes only the duplicate
}

} // namespace kvlog

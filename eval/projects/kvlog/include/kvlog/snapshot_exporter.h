// Exports a point-in-time copy of a memtable. exportTo() writes "<path>.tmp"
// through the exporter's own std::ofstream (reopened for every export) and
// renames it into place. exportToFd() streams the same text to a descriptor
// that the caller keeps: it writes through a dup() of it.
#pragma once
#include "kvlog/memtable.h"

#include <cstdint>
#include <fstream>
#include <mutex>
#include <string>

namespace kvlog {

class SnapshotExporter {
public:
  bool exportTo(const std::string &path, const MemTable &table, std::uint64_t seq);
  bool exportToFd(int fd, const MemTable &table, std::uint64_t seq);

private:
  std::mutex mu_;
  std::ofstream out_;
};

} // namespace kvlog

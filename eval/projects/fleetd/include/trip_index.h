// TripIndex: an append-only text index of finished trip files, written with
// write(2) and rolled over to a new generation when it grows past a size.
// append() throws once the index is closed; close() may only be called once.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fleetd {

class Diagnostics;

struct IndexEntry {
  std::string vin;
  std::string path;
  std::int64_t startMs = 0;
  std::int64_t endMs = 0;
  long bytes = 0;
};

class TripIndex {
public:
  TripIndex(std::string dir, std::size_t rollBytes, Diagnostics &diag);
  ~TripIndex();
  TripIndex(const TripIndex &) = delete;
  TripIndex &operator=(const TripIndex &) = delete;

  void append(const IndexEntry &entry);
  void appendNote(const std::string &note);
  // Rewrites the current generation without the entries that ended before
  // cutoffMs.
  void compact(std::int64_t cutoffMs);
  void close();
  bool isOpen() const { return fd_ >= 0; }
  const std::string &path() const { return path_; }

private:
  std::string pathFor(int generation) const;
  void writeLine(const std::string &line);
  void rollover();

  std::string dir_;
  std::size_t rollBytes_;
  Diagnostics &diag_;
  int generation_ = 0;
  std::string path_;
  int fd_ = -1;
  std::size_t written_ = 0;
  std::vector<IndexEntry> entries_; // entries of the current generation
};

std::string formatIndexEntry(const IndexEntry &e);

} // namespace fleetd

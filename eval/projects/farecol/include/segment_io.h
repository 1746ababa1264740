// File format of tap journal segments: a header line, one line per tap, a trailer with the
// record count. One segment per service day.
#pragma once
#include "status.h"
#include "tap_event.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace farecol {

struct IndexEntry {
  std::uint64_t seq = 0;
  std::int64_t offset = 0;
};

std::string segmentFileName(const ServiceDay &day);
// Opens (or continues) the segment of a service day; writes the header to a new file.
std::FILE *openSegment(const std::string &path, const ServiceDay &day);
bool writeRecord(std::FILE *segment, const TapEvent &ev);
// Writes the trailer, syncs the file to disk and closes it.
Status finishSegment(std::FILE *segment, std::uint64_t records);
// Reads a segment back and returns the offset of every record in it.
std::vector<IndexEntry> scanSegment(const std::string &path);

} // namespace farecol

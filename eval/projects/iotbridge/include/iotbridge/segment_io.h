// Helpers for the OfflineBuffer's segment files "<dir>/segment-<n>.log".
//
// quarantine() and finishSegment() take ownership of the FILE* they are given
// and close it: quarantine() then renames the segment to "*.bad",
// finishSegment() then deletes it.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

namespace iotbridge {
namespace seg {

std::string segmentPath(const std::string& dir, unsigned index);
// Index of the newest segment in `dir`, or 0 when there is none.
unsigned lastSegmentIndex(const std::string& dir);
// Segment paths in `dir`, oldest first, excluding index `skipIndex` (the one
// the buffer is writing; pass 0 to list them all).
std::vector<std::string> listSegments(const std::string& dir, unsigned skipIndex);

FILE* openSegmentForRead(const std::string& path);
void quarantine(FILE* fp, const std::string& path);
bool finishSegment(FILE* fp, const std::string& path);

}  // namespace seg
}  // namespace iotbridge

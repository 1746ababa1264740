// A segmented write-ahead log keeps its open segment files in a
// std::vector<FILE*>. finishRun() closes every segment in a loop and then
// writes the record count into segments.front(), a closed stream (bug).
// rollOver() closes them all too, but clears the vector and opens a fresh
// segment before writing to front() (fine).
#include <cstdio>
#include <string>
#include <vector>

struct SegmentLog {
  std::string dir;
  std::vector<FILE *> segments;
  long records = 0;
};

bool appendRecord(SegmentLog &log, const std::string &payload) {
  if (log.segments.empty())
    return false;
  if (std::fprintf(log.segments.back(), "%s\n", payload.c_str()) < 0)
    return false;
  ++log.records;
  return true;
}

void finishRun(SegmentLog &log) {
  for (FILE *segment : log.segments) {
    std::fflush(segment);
    std::fclose(segment);
  }
  std::fprintf(log.segments.front(), "# records=%ld\n", log.records); // BUG: use-after-close
  log.segments.clear();
}

bool rollOver(SegmentLog &log, const std::string &nextName) {
  for (FILE *segment : log.segments)
    std::fclose(segment);
  log.segments.clear();
  FILE *fresh = std::fopen((log.dir + "/" + nextName).c_str(), "a");
  if (!fresh)
    return false;
  log.segments.push_back(fresh);
  std::fputs("# segment start\n", log.segments.front()); // OK: fresh element after clear()
  log.records = 0;
  return true;
}

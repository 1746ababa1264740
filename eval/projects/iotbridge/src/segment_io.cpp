// Segment file helpers for the OfflineBuffer and the ReplayService.
#include "iotbridge/segment_io.h"

#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "iotbridge/log.h"

namespace iotbridge {
namespace seg {
namespace {

constexpr const char* kPrefix = "segment-";
constexpr const char* kSuffix = ".log";

// Index encoded in a segment file name, or 0 for other files.
unsigned indexOf(const char* name) {
  const std::size_t prefixLen = std::strlen(kPrefix);
  if (std::strncmp(name, kPrefix, prefixLen) != 0) return 0;
  char* end = nullptr;
  unsigned long index = std::strtoul(name + prefixLen, &end, 10);
  if (end == name + prefixLen || std::strcmp(end, kSuffix) != 0) return 0;
  return static_cast<unsigned>(index);
}

std::vector<unsigned> scan(const std::string& dir) {
  std::vector<unsigned> indexes;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return indexes;
  while (dirent* entry = ::readdir(d)) {
    if (unsigned index = indexOf(entry->d_name)) indexes.push_back(index);
  }
  ::closedir(d);
  std::sort(indexes.begin(), indexes.end());
  return indexes;
}

}  // namespace

std::string segmentPath(const std::string& dir, unsigned index) {
  char name[40];
  std::snprintf(name, sizeof name, "%s%08u%s", kPrefix, index, kSuffix);
  return dir + "/" + name;
}

unsigned lastSegmentIndex(const std::string& dir) {
  std::vector<unsigned> indexes = scan(dir);
  return indexes.empty() ? 0 : indexes.back();
}

std::vector<std::string> listSegments(const std::string& dir, unsigned skipIndex) {
  std::vector<std::string> paths;
  for (unsigned index : scan(dir)) {
    if (index != skipIndex) paths.push_back(segmentPath(dir, index));
  }
  return paths;
}

FILE* openSegmentForRead(const std::string& path) {
  FILE* fp = std::fopen(path.c_str(), "r");
  if (!fp) {
    IOTB_LOG(Warn, "segment", "cannot open " << path << ": " << std::strerror(errno));
  }
  return fp;
}

void quarantine(FILE* fp, const std::string& path) {
  std::fclose(fp);
  const std::string bad = path + ".bad";
  if (std::rename(path.c_str(), bad.c_str()) != 0) {
    IOTB_LOG(Error, "segment", "cannot quarantine " << path << ": " << std::strerror(errno));
    return;
  }
  IOTB_LOG(Warn, "segment", "quarantined " << bad);
}

bool finishSegment(FILE* fp, const std::string& path) {
  std::fclose(fp);  // SAME: replayfinish
  if (std::remove(path.c_str()) != 0) {
    IOTB_LOG(Warn, "segment", "cannot delete " << path << ": " << std::strerror(errno));
    return false;
  }
  return true;
}

}  // namespace seg
}  // namespace iotbridge

// Reading and writing tap journal segment files.
#include "segment_io.h"
#include "scope_exit.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace farecol {

std::string segmentFileName(const ServiceDay &day) { return "taps-" + day.str() + ".log"; }

std::FILE *openSegment(const std::string &path, const ServiceDay &day) {
  std::FILE *f = std::fopen(path.c_str(), "a+");
  if (!f)
    return nullptr;
  if (std::fseek(f, 0, SEEK_END) != 0 || std::ftell(f) < 0) {
    const int err = errno;
    std::fclose(f);
    errno = err;
    return nullptr;
  }
  if (std::ftell(f) == 0 && std::fprintf(f, "#farecol-taps v1 day=%s\n", day.str().c_str()) < 0) {
    const int err = errno;
    std::fclose(f);
    errno = err;
    return nullptr;
  }
  return f;
}

bool writeRecord(std::FILE *segment, const TapEvent &ev) {
  const std::string line = encodeTapRecord(ev);
  return std::fprintf(segment, "%s\n", line.c_str()) >= 0;
}

Status finishSegment(std::FILE *segment, std::uint64_t records) {
  Status st = Status::success();
  if (std::fprintf(segment, "#end records=%llu\n", static_cast<unsigned long long>(records)) < 0 ||
      std::fflush(segment) != 0)
    st = Status::ioError(errno, "segment trailer");
  else if (::fsync(::fileno(segment)) != 0)
    st = Status::ioError(errno, "segment fsync");
  if (std::fclose(segment) != 0 && st.ok())
    st = Status::ioError(errno, "segment close");
  return st;
}

std::vector<IndexEntry> scanSegment(const std::string &path) {
  std::vector<IndexEntry> entries;
  std::FILE *f = std::fopen(path.c_str(), "r");
  if (!f)
    return entries;
  auto closeFile = makeScopeExit([f] { std::fclose(f); });
  char line[512];
  std::uint64_t seq = 0;
  for (;;) {
    const long offset = std::ftell(f);
    if (!std::fgets(line, sizeof line, f))
      break;
    if (line[0] == '#')
      continue;
    entries.push_back(IndexEntry{seq++, offset});
  }
  return entries;
}

} // namespace farecol

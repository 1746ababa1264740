// Blob framing inside cache data segments: a header with magic, coordinates
// and length in front of every payload, and a trailer that seals a full
// segment so recovery knows where it ends.
#include "segment_io.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace tilesrv {
namespace {

void putU32(unsigned char *p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i)
    p[i] = static_cast<unsigned char>(v >> (8 * i));
}

void putU64(unsigned char *p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i)
    p[i] = static_cast<unsigned char>(v >> (8 * i));
}

} // namespace

std::FILE *openSegment(const std::string &path) {
  std::FILE *file = std::fopen(path.c_str(), "ab+");
  if (!file)
    throw std::system_error(errno, std::generic_category(), "open segment " + path);
  return file;
}

long appendBlob(std::FILE *segment, const TileKey &key, const std::string &blob) {
  unsigned char header[kBlobHeaderBytes];
  putU32(header, kBlobMagic);
  putU32(header + 4, static_cast<std::uint32_t>(key.z) << 24 | (static_cast<std::uint32_t>(key.x) & 0xffffff));
  putU32(header + 8, static_cast<std::uint32_t>(key.y));
  putU32(header + 12, static_cast<std::uint32_t>(blob.size()));

  if (std::fseek(segment, 0, SEEK_END) != 0)
    return -1;
  const long start = std::ftell(segment);
  if (start < 0)
    return -1;
  if (std::fwrite(header, 1, sizeof header, segment) != sizeof header ||
      std::fwrite(blob.data(), 1, blob.size(), segment) != blob.size())
    return -1;
  return start + static_cast<long>(kBlobHeaderBytes);
}

bool readBlob(std::FILE *segment, std::uint64_t offset, std::uint32_t length, std::string &out) {
  if (std::fseek(segment, static_cast<long>(offset), SEEK_SET) != 0)
    return false;
  out.resize(length);
  return length == 0 || std::fread(out.data(), 1, length, segment) == length;
}

bool sealSegment(std::FILE *segment, const SegmentTrailer &trailer) {
  unsigned char bytes[24];
  putU32(bytes, kBlobMagic ^ 0xffffffffu);
  putU32(bytes + 4, trailer.segment);
  putU32(bytes + 8, trailer.records);
  putU64(bytes + 12, trailer.bytes);
  putU32(bytes + 20, 0);
  if (std::fseek(segment, 0, SEEK_END) != 0) // SAME: seal_rotated_segment
    return false;
  if (std::fwrite(bytes, 1, sizeof bytes, segment) != sizeof bytes)
    return false;
  return std::fflush(segment) == 0;
}

std::string segmentFileName(std::uint32_t segment) {
  char name[32];
  std::snprintf(name, sizeof name, "seg-%06u.dat", segment);
  return name;
}

} // namespace tilesrv

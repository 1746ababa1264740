// On-disk layout of cache data segments: a sequence of blobs, each with a
// 16-byte header, closed by a trailer once the segment is full.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "tile_key.h"

namespace tilesrv {

struct SegmentTrailer {
  std::uint32_t segment = 0;
  std::uint32_t records = 0;
  std::uint64_t bytes = 0;
};

constexpr std::uint32_t kBlobMagic = 0x54494c45; // "TILE"
constexpr std::size_t kBlobHeaderBytes = 16;

// Opens (creating if needed) a segment for appending and reading; throws.
std::FILE *openSegment(const std::string &path);

// Appends header + payload; returns the payload's offset, or -1 on error.
long appendBlob(std::FILE *segment, const TileKey &key, const std::string &blob);
bool readBlob(std::FILE *segment, std::uint64_t offset, std::uint32_t length, std::string &out);
bool sealSegment(std::FILE *segment, const SegmentTrailer &trailer);

std::string segmentFileName(std::uint32_t segment);

} // namespace tilesrv

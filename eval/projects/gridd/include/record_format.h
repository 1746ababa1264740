// On-disk layout of one interval reading in a day file (64 bytes, host
// endianness; the files never leave the head-end) and of the offset index.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "reading.h"

struct DiskRecord {
  char meterId[24];
  std::int64_t intervalStart;
  std::uint32_t intervalSeconds;
  std::uint16_t quality;
  std::uint16_t version;
  double importKwh;
  double exportKwh;
  std::uint32_t checksum;
  std::uint32_t reserved;
};
static_assert(sizeof(DiskRecord) == 64, "day file records are 64 bytes");

struct IndexHeader {
  std::uint32_t magic;
  std::uint32_t entries;
  std::uint32_t sealed;
  std::uint32_t reserved;
};

struct IndexEntry {
  char meterId[24];
  std::int64_t offset;
};

constexpr std::uint16_t kRecordVersion = 2;
constexpr std::uint32_t kIndexMagic = 0x47494458; // "GIDX"

inline std::uint32_t recordChecksum(const DiskRecord &rec) {
  const unsigned char *p = reinterpret_cast<const unsigned char *>(&rec);
  std::uint32_t h = 2166136261u;
  for (std::size_t i = 0; i < offsetof(DiskRecord, checksum); ++i) {
    h ^= p[i];
    h *= 16777619u;
  }
  return h;
}

inline DiskRecord toDisk(const Reading &r) {
  DiskRecord rec;
  std::memset(&rec, 0, sizeof rec);
  std::strncpy(rec.meterId, r.meterId.c_str(), sizeof rec.meterId - 1);
  rec.intervalStart = r.intervalStart;
  rec.intervalSeconds = r.intervalSeconds;
  rec.quality = r.quality;
  rec.version = kRecordVersion;
  rec.importKwh = r.importKwh;
  rec.exportKwh = r.exportKwh;
  rec.checksum = recordChecksum(rec);
  return rec;
}

inline bool fromDisk(const DiskRecord &rec, Reading &out) {
  if (rec.version != kRecordVersion || rec.checksum != recordChecksum(rec))
    return false;
  out.meterId.assign(rec.meterId, strnlen(rec.meterId, sizeof rec.meterId));
  out.intervalStart = rec.intervalStart;
  out.intervalSeconds = rec.intervalSeconds;
  out.quality = rec.quality;
  out.importKwh = rec.importKwh;
  out.exportKwh = rec.exportKwh;
  return true;
}

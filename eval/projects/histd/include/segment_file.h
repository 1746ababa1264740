// Segment files: a 16-byte header, fixed-size sample records and, once the
// segment is sealed, a footer with the record count, time range and CRC.
// Compacted segments (".z") hold packed blocks instead of records.
#pragma once
#include "sample.h"
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace histd {

constexpr uint32_t kSegmentMagic = 0x47455348;  // "HSEG"
constexpr uint32_t kPackedMagic = 0x5A455348;   // "HSEZ"
constexpr uint32_t kFooterMagic = 0x544F4F46;   // "FOOT"
constexpr uint32_t kFooterCompressed = 1u;
constexpr std::size_t kSegmentHeaderBytes = 16;
constexpr std::size_t kSampleRecordBytes = 24;

struct SegmentFooter {
  uint32_t magic = kFooterMagic;
  uint32_t count = 0;
  int64_t firstTs = 0;
  int64_t lastTs = 0;
  uint32_t crc = 0;
  uint32_t flags = 0;
};
constexpr std::size_t kSegmentFooterBytes = sizeof(SegmentFooter);

class SegmentReadError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

bool writeSegmentHeader(std::FILE *fp, uint32_t magic, uint32_t segNo);
bool writeSegmentFooter(std::FILE *fp, const SegmentFooter &footer);
/// Reads the footer at the end of the file; false if the segment is unsealed.
bool readSegmentFooter(std::FILE *fp, SegmentFooter &footer);
void encodeRecord(const Sample &s, unsigned char out[kSampleRecordBytes]);
Sample decodeRecord(const unsigned char in[kSampleRecordBytes]);

class SegmentFile {
public:
  /// Creates a new segment file. Throws std::system_error.
  SegmentFile(std::string path, uint32_t number);
  ~SegmentFile();

  SegmentFile(const SegmentFile &) = delete;
  SegmentFile &operator=(const SegmentFile &) = delete;

  /// Appends a record and returns its file offset. Throws after seal().
  uint64_t append(const Sample &s);
  void flush();
  /// Writes the footer and closes the file. A second call does nothing.
  void seal();

  bool sealed() const { return fp_ == nullptr; }
  uint64_t bytes() const { return bytes_; }
  uint32_t count() const { return footer_.count; }
  uint32_t number() const { return number_; }
  const std::string &path() const { return path_; }

private:
  void requireWritable() const;

  std::string path_;
  uint32_t number_;
  std::FILE *fp_ = nullptr;
  uint64_t bytes_ = 0;
  SegmentFooter footer_;
};

/// Sequential reader over a raw or compacted segment.
class SegmentReader {
public:
  explicit SegmentReader(const std::string &path);
  ~SegmentReader();

  SegmentReader(const SegmentReader &) = delete;
  SegmentReader &operator=(const SegmentReader &) = delete;

  bool next(Sample &out);

private:
  bool refill();

  std::FILE *fp_ = nullptr;
  bool packed_ = false;
  uint64_t remaining_ = 0;
  std::vector<Sample> block_;
  std::size_t blockPos_ = 0;
};

} // namespace histd

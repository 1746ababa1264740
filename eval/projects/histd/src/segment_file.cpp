// Segment file format helpers, the append-only SegmentFile and the
// SegmentReader used by exports and rollups.
#include "segment_file.h"

#include "codec.h"
#include "log.h"

#include <cerrno>
#include <cstring>
#include <system_error>
#include <unistd.h>

namespace histd {

bool writeSegmentHeader(std::FILE *fp, uint32_t magic, uint32_t segNo) {
  unsigned char header[kSegmentHeaderBytes] = {};
  std::memcpy(header, &magic, 4);
  const uint32_t version = 1;
  std::memcpy(header + 4, &version, 4);
  std::memcpy(header + 8, &segNo, 4);
  return std::fwrite(header, 1, sizeof header, fp) == sizeof header;
}

bool writeSegmentFooter(std::FILE *fp, const SegmentFooter &footer) {
  return std::fwrite(&footer, sizeof footer, 1, fp) == 1; // SAME: compact-footer
}

bool readSegmentFooter(std::FILE *fp, SegmentFooter &footer) {
  if (std::fseek(fp, 0, SEEK_END) != 0)
    return false;
  const long size = std::ftell(fp);
  if (size < static_cast<long>(kSegmentHeaderBytes + kSegmentFooterBytes))
    return false;
  if (std::fseek(fp, size - static_cast<long>(kSegmentFooterBytes), SEEK_SET) != 0)
    return false;
  if (std::fread(&footer, sizeof footer, 1, fp) != 1)
    return false;
  return footer.magic == kFooterMagic;
}

void encodeRecord(const Sample &s, unsigned char out[kSampleRecordBytes]) {
  std::memset(out, 0, kSampleRecordBytes);
  std::memcpy(out, &s.tagId, 4);
  std::memcpy(out + 4, &s.tsMicros, 8);
  std::memcpy(out + 12, &s.value, 8);
  out[20] = s.quality;
}

Sample decodeRecord(const unsigned char in[kSampleRecordBytes]) {
  Sample s;
  std::memcpy(&s.tagId, in, 4);
  std::memcpy(&s.tsMicros, in + 4, 8);
  std::memcpy(&s.value, in + 12, 8);
  s.quality = in[20];
  return s;
}

SegmentFile::SegmentFile(std::string path, uint32_t number)
    : path_(std::move(path)), number_(number) {
  fp_ = std::fopen(path_.c_str(), "wbx");
  if (!fp_)
    throw std::system_error(errno, std::generic_category(), "create segment " + path_);
  if (!writeSegmentHeader(fp_, kSegmentMagic, number_)) {
    const int err = errno;
    std::fclose(fp_);
    fp_ = nullptr;
    std::remove(path_.c_str());
    throw std::system_error(err, std::generic_category(), "write segment header " + path_);
  }
  bytes_ = kSegmentHeaderBytes;
}

SegmentFile::~SegmentFile() {
  if (fp_)
    std::fclose(fp_); // OK
}

void SegmentFile::requireWritable() const {
  if (!fp_)
    throw std::logic_error("segment " + path_ + " is sealed");
}

uint64_t SegmentFile::append(const Sample &s) {
  requireWritable();
  unsigned char rec[kSampleRecordBytes];
  encodeRecord(s, rec);
  if (std::fwrite(rec, 1, sizeof rec, fp_) != sizeof rec)
    throw std::system_error(errno, std::generic_category(), "append to " + path_);
  const uint64_t offset = bytes_;
  bytes_ += sizeof rec;
  if (footer_.count == 0)
    footer_.firstTs = s.tsMicros;
  footer_.lastTs = s.tsMicros;
  ++footer_.count;
  footer_.crc = codec::crc32(rec, sizeof rec, footer_.crc);
  return offset;
}

void SegmentFile::flush() {
  requireWritable();
  if (std::fflush(fp_) != 0)
    throw std::system_error(errno, std::generic_category(), "flush " + path_);
}

void SegmentFile::seal() {
  if (!fp_)
    return;
  std::FILE *fp = fp_;
  fp_ = nullptr;
  bool ok = writeSegmentFooter(fp, footer_);
  ok = std::fflush(fp) == 0 && ok;
  ok = ::fsync(::fileno(fp)) == 0 && ok;
  if (std::fclose(fp) != 0)
    ok = false;
  if (!ok)
    log::error("segment %s: sealing failed: %s", path_.c_str(), std::strerror(errno));
}

SegmentReader::SegmentReader(const std::string &path) {
  fp_ = std::fopen(path.c_str(), "rb");
  if (!fp_)
    throw SegmentReadError("cannot open " + path + ": " + std::strerror(errno));
  unsigned char header[kSegmentHeaderBytes];
  uint32_t magic = 0;
  if (std::fread(header, 1, sizeof header, fp_) == sizeof header)
    std::memcpy(&magic, header, 4);
  if (magic != kSegmentMagic && magic != kPackedMagic) {
    std::fclose(fp_);
    throw SegmentReadError(path + " is not a segment");
  }
  packed_ = magic == kPackedMagic;

  SegmentFooter footer;
  if (readSegmentFooter(fp_, footer)) {
    remaining_ = footer.count;
  } else if (packed_) {
    std::fclose(fp_);
    throw SegmentReadError(path + ": packed segment without footer");
  } else {
    // Active segment: every whole record written so far.
    std::fseek(fp_, 0, SEEK_END);
    const long size = std::ftell(fp_); // OK
    remaining_ = size > long(kSegmentHeaderBytes)
                     ? (uint64_t(size) - kSegmentHeaderBytes) / kSampleRecordBytes
                     : 0;
  }
  std::fseek(fp_, long(kSegmentHeaderBytes), SEEK_SET);
}

SegmentReader::~SegmentReader() { std::fclose(fp_); }

bool SegmentReader::refill() {
  uint32_t lens[2];
  if (std::fread(lens, sizeof lens, 1, fp_) != 1)
    return false;
  std::string packed(lens[1], '\0');
  if (std::fread(&packed[0], 1, packed.size(), fp_) != packed.size())
    return false;
  block_ = codec::unpackSamples(packed);
  blockPos_ = 0;
  return !block_.empty();
}

bool SegmentReader::next(Sample &out) {
  if (remaining_ == 0)
    return false;
  if (packed_) {
    if (blockPos_ >= block_.size() && !refill())
      return false;
    out = block_[blockPos_++];
  } else {
    unsigned char rec[kSampleRecordBytes];
    if (std::fread(rec, 1, sizeof rec, fp_) != sizeof rec)
      return false;
    out = decodeRecord(rec);
  }
  --remaining_;
  return true;
}

} // namespace histd

// SegmentReader: reads WAL frames back during recovery (see segment_reader.h).
#include "kvlog/segment_reader.h"
#include "kvlog/wal_record.h"

#include <stdexcept>

namespace kvlog {
namespace {
constexpr std::uint32_t kMaxPayload = 64u << 20;
}

SegmentReader::SegmentReader(std::string path)
    : path_(std::move(path)), fp_(std::fopen(path_.c_str(), "rb")) {}

bool SegmentReader::next(std::string &payload, std::uint32_t &crc) {
  if (!fp_)
    throw std::logic_error("segment reader closed: " + path_);
  char header[8];
  const std::size_t got = std::fread(header, 1, sizeof header, fp_.get());
  if (got == 0)
    return false;
  if (got < sizeof header) {
    torn_ = true;
    return false;
  }
  const std::uint32_t len = WalCodec::getU32(header);
  crc = WalCodec::getU32(header + 4);
  if (len > kMaxPayload) {
    torn_ = true;
    return false;
  }
  payload.resize(len);
  if (len > 0 && std::fread(&payload[0], 1, len, fp_.get()) != len) {
    torn_ = true;
    return false;
  }
  return true;
}

long SegmentReader::offset() const {
  if (!fp_)
    throw std::logic_error("segment reader closed: " + path_);
  return std::ftell(fp_.get());
}

void SegmentReader::close() { fp_.reset(); }

} // namespace kvlog

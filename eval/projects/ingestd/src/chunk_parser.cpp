// ChunkParser: splits an encoder byte stream into length-prefixed chunks.
#include "ingestd/chunk.h"

namespace ingestd {
namespace {

constexpr std::size_t kHeaderSize = 4 + 1 + 8;

std::uint64_t readBigEndian(const std::string &buf, std::size_t pos, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v = (v << 8) | static_cast<unsigned char>(buf[pos + static_cast<std::size_t>(i)]);
  return v;
}

} // namespace

ChunkParser::ChunkParser(std::size_t maxChunk) : maxChunk_(maxChunk) {}

void ChunkParser::feed(const char *data, std::size_t len) {
  if (pos_ > 0 && pos_ == buf_.size()) {
    buf_.clear();
    pos_ = 0;
  } else if (pos_ > (1u << 20)) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  buf_.append(data, len);
}

std::optional<Chunk> ChunkParser::next() {
  if (corrupt_ || buf_.size() - pos_ < kHeaderSize)
    return std::nullopt;
  const std::size_t len = static_cast<std::size_t>(readBigEndian(buf_, pos_, 4));
  if (len > maxChunk_) {
    corrupt_ = true;
    return std::nullopt;
  }
  if (buf_.size() - pos_ < kHeaderSize + len)
    return std::nullopt;
  const unsigned char flags = static_cast<unsigned char>(buf_[pos_ + 4]);
  Chunk c;
  c.keyframe = (flags & 0x01) != 0;
  c.isConfig = (flags & 0x02) != 0;
  c.pts = readBigEndian(buf_, pos_ + 5, 8);
  c.data.assign(buf_, pos_ + kHeaderSize, len);
  pos_ += kHeaderSize + len;
  return c;
}

} // namespace ingestd

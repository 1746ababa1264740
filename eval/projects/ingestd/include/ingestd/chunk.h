// Media chunks as the encoders send them, and the parser that cuts the
// session byte stream into chunks.
//
// Wire format of one chunk: 4-byte big-endian payload length, 1 flag byte
// (bit 0: keyframe, bit 1: codec configuration), 8-byte big-endian pts,
// then the payload.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace ingestd {

struct Chunk {
  std::string data;
  std::uint64_t pts = 0;
  bool keyframe = false;
  bool isConfig = false;
};

// A keyframe handed to the thumbnail worker.
struct Frame {
  std::string streamKey;
  std::string data;
  std::uint64_t pts = 0;
};

class ChunkParser {
public:
  explicit ChunkParser(std::size_t maxChunk = 16u << 20);
  void feed(const char *data, std::size_t len);
  // Next complete chunk, std::nullopt when more bytes are needed.
  std::optional<Chunk> next();
  // True once a chunk header announced more than maxChunk bytes.
  bool corrupt() const { return corrupt_; }

private:
  std::string buf_;
  std::size_t pos_ = 0;
  std::size_t maxChunk_;
  bool corrupt_ = false;
};

} // namespace ingestd

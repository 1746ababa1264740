// Sample block codec: zig-zag varints of timestamp deltas and of the XOR
// of consecutive value bit patterns, plus the upstream frame encoding.
#include "codec.h"

#include <cstring>
#include <stdexcept>

namespace histd::codec {
namespace {

void putVarint(std::string &out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

uint64_t getVarint(const std::string &in, std::size_t &pos) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (pos >= in.size())
      throw std::runtime_error("truncated sample block");
    const uint8_t b = static_cast<uint8_t>(in[pos++]);
    v |= uint64_t(b & 0x7f) << shift;
    if (!(b & 0x80))
      return v;
  }
  throw std::runtime_error("corrupt varint in sample block");
}

uint64_t zigzag(int64_t v) { return (uint64_t(v) << 1) ^ uint64_t(v >> 63); }
int64_t unzigzag(uint64_t v) { return int64_t(v >> 1) ^ -int64_t(v & 1); }

uint64_t bitsOf(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

double fromBits(uint64_t b) {
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

} // namespace

std::string packSamples(const std::vector<Sample> &samples) {
  std::string out;
  out.reserve(samples.size() * 6 + 8);
  putVarint(out, samples.size());
  int64_t prevTs = 0;
  uint64_t prevBits = 0;
  uint32_t prevTag = 0;
  for (const Sample &s : samples) {
    putVarint(out, zigzag(int64_t(s.tagId) - int64_t(prevTag)));
    putVarint(out, zigzag(s.tsMicros - prevTs));
    const uint64_t bits = bitsOf(s.value);
    putVarint(out, bits ^ prevBits);
    out.push_back(static_cast<char>(s.quality));
    prevTag = s.tagId;
    prevTs = s.tsMicros;
    prevBits = bits;
  }
  return out;
}

std::vector<Sample> unpackSamples(const std::string &block) {
  std::size_t pos = 0;
  const uint64_t n = getVarint(block, pos);
  if (n > block.size())
    throw std::runtime_error("implausible sample count in block");
  std::vector<Sample> out;
  out.reserve(n);
  int64_t prevTs = 0;
  uint64_t prevBits = 0;
  int64_t prevTag = 0;
  for (uint64_t i = 0; i < n; ++i) {
    Sample s;
    prevTag += unzigzag(getVarint(block, pos));
    prevTs += unzigzag(getVarint(block, pos));
    prevBits ^= getVarint(block, pos);
    if (pos >= block.size())
      throw std::runtime_error("truncated sample block");
    s.tagId = static_cast<uint32_t>(prevTag);
    s.tsMicros = prevTs;
    s.value = fromBits(prevBits);
    s.quality = static_cast<uint8_t>(block[pos++]);
    out.push_back(s);
  }
  return out;
}

uint32_t crc32(const void *data, std::size_t len, uint32_t seed) {
  static uint32_t table[256];
  static const bool ready = [] {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k)
        c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table[i] = c;
    }
    return true;
  }();
  (void)ready;
  uint32_t c = ~seed;
  const auto *p = static_cast<const uint8_t *>(data);
  for (std::size_t i = 0; i < len; ++i)
    c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
  return ~c;
}

std::string encodeFrame(const std::string &site, const SampleBatch &batch) {
  const std::string body = packSamples(batch.samples);
  std::string out = "HSTF";
  putVarint(out, site.size());
  out += site;
  putVarint(out, batch.source.size());
  out += batch.source;
  putVarint(out, body.size());
  out += body;
  const uint32_t crc = crc32(out.data(), out.size());
  out.append(reinterpret_cast<const char *>(&crc), sizeof crc);
  return out;
}

} // namespace histd::codec

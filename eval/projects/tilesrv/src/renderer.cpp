// Turns the origin's source raster for a tile into the PNG sent to clients:
// validates the source, stamps the style's tEXt chunk and recomputes the
// CRC. The heavy lifting (reprojection, labels) happens at the origin.
#include "renderer.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace tilesrv {
namespace {

constexpr unsigned char kPngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

const std::array<const char *, 4> kStyles = {"osm-bright", "dark-matter", "terrain", "satellite-labels"};

std::uint32_t crc32(const unsigned char *data, std::size_t size) {
  std::uint32_t crc = 0xffffffffu;
  for (std::size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void appendU32(std::string &out, std::uint32_t v) {
  out.push_back(static_cast<char>(v >> 24));
  out.push_back(static_cast<char>(v >> 16));
  out.push_back(static_cast<char>(v >> 8));
  out.push_back(static_cast<char>(v));
}

std::string textChunk(const std::string &keyword, const std::string &text) {
  std::string body = "tEXt" + keyword;
  body.push_back('\0');
  body += text;
  std::string chunk;
  appendU32(chunk, static_cast<std::uint32_t>(body.size() - 4));
  chunk += body;
  appendU32(chunk, crc32(reinterpret_cast<const unsigned char *>(body.data()), body.size()));
  return chunk;
}

} // namespace

bool knownStyle(const std::string &style) {
  for (const char *known : kStyles)
    if (style == known)
      return true;
  return false;
}

RenderOutput renderTile(const TileKey &key, const std::string &source) {
  RenderOutput out;
  if (!knownStyle(key.style)) {
    out.error = "unknown style " + key.style;
    return out;
  }
  if (source.size() < 33 || std::memcmp(source.data(), kPngSignature, sizeof kPngSignature) != 0) {
    out.error = "origin returned something that is not a PNG for " + toString(key);
    return out;
  }
  // Signature + IHDR (8 + 25 bytes) stay in front; the style stamp follows.
  out.png.reserve(source.size() + 64);
  out.png.append(source, 0, 33);
  out.png += textChunk("tilesrv:style", key.style);
  out.png += textChunk("tilesrv:tile", toString(key));
  out.png.append(source, 33, std::string::npos);
  out.ok = true;
  return out;
}

} // namespace tilesrv

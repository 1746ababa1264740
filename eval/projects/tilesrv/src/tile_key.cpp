// TileKey parsing, ordering and hashing.
#include "tile_key.h"

#include <charconv>
#include <functional>
#include <tuple>

namespace tilesrv {

bool operator==(const TileKey &a, const TileKey &b) {
  return a.z == b.z && a.x == b.x && a.y == b.y && a.style == b.style;
}

bool operator!=(const TileKey &a, const TileKey &b) { return !(a == b); }

bool operator<(const TileKey &a, const TileKey &b) {
  return std::tie(a.style, a.z, a.x, a.y) < std::tie(b.style, b.z, b.x, b.y);
}

std::size_t TileKeyHash::operator()(const TileKey &key) const noexcept {
  std::size_t h = std::hash<std::string>{}(key.style);
  const std::size_t packed = (static_cast<std::size_t>(key.z) << 58) ^
                             (static_cast<std::size_t>(key.x) << 29) ^ static_cast<std::size_t>(key.y);
  return h ^ (packed + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
}

namespace {

bool takeInt(std::string_view &text, int &value) {
  const auto slash = text.find('/');
  std::string_view part = text.substr(0, slash);
  if (part.empty())
    return false;
  auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
  if (ec != std::errc() || ptr != part.data() + part.size())
    return false;
  text = slash == std::string_view::npos ? std::string_view() : text.substr(slash + 1);
  return true;
}

} // namespace

std::optional<TileKey> parseTileKey(std::string_view text) {
  while (!text.empty() && text.front() == '/')
    text.remove_prefix(1);
  if (text.size() > 4 && text.substr(text.size() - 4) == ".png")
    text.remove_suffix(4);

  const auto slash = text.find('/');
  if (slash == std::string_view::npos || slash == 0)
    return std::nullopt;
  TileKey key;
  key.style = std::string(text.substr(0, slash));
  text = text.substr(slash + 1);
  if (!takeInt(text, key.z) || !takeInt(text, key.x) || !takeInt(text, key.y) || !text.empty())
    return std::nullopt;
  return key;
}

std::string toString(const TileKey &key) {
  return key.style + "/" + std::to_string(key.z) + "/" + std::to_string(key.x) + "/" + std::to_string(key.y);
}

bool inRange(const TileKey &key, int maxZoom) {
  if (key.z < 0 || key.z > maxZoom || key.z > 30)
    return false;
  const long long side = 1ll << key.z;
  return key.x >= 0 && key.y >= 0 && key.x < side && key.y < side;
}

std::vector<TileKey> childrenOf(const TileKey &key) {
  std::vector<TileKey> out;
  out.reserve(4);
  for (int dy = 0; dy < 2; ++dy)
    for (int dx = 0; dx < 2; ++dx)
      out.push_back(TileKey{key.style, key.z + 1, key.x * 2 + dx, key.y * 2 + dy});
  return out;
}

TileKey parentOf(const TileKey &key) {
  if (key.z == 0)
    return key;
  return TileKey{key.style, key.z - 1, key.x / 2, key.y / 2};
}

} // namespace tilesrv

// Tile addressing: a style name plus z/x/y in the usual slippy-map scheme.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilesrv {

struct TileKey {
  std::string style;
  int z = 0;
  int x = 0;
  int y = 0;
};

bool operator==(const TileKey &a, const TileKey &b);
bool operator!=(const TileKey &a, const TileKey &b);
bool operator<(const TileKey &a, const TileKey &b);

struct TileKeyHash {
  std::size_t operator()(const TileKey &key) const noexcept;
};

// Parses "style/z/x/y"; a trailing ".png" is accepted.
std::optional<TileKey> parseTileKey(std::string_view text);
std::string toString(const TileKey &key);
bool inRange(const TileKey &key, int maxZoom);

// The four tiles one zoom level below, and the tile one level above.
std::vector<TileKey> childrenOf(const TileKey &key);
TileKey parentOf(const TileKey &key);

} // namespace tilesrv

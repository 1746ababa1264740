// Raster side of rendering: turns origin source data for a tile into the PNG
// the client receives (metatile splitting, style lookup, encoding).
#pragma once

#include <string>

#include "tile_key.h"

namespace tilesrv {

struct RenderOutput {
  bool ok = false;
  std::string png;
  std::string error;
};

RenderOutput renderTile(const TileKey &key, const std::string &source);
bool knownStyle(const std::string &style);

} // namespace tilesrv

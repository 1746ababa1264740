// Prefetcher: walks a prefetch plan (tiles expected to be hot after a data
// release) and asks the origin, over its event channel, to pre-render them.
// The walk runs on a detached thread so a slow origin never holds up startup.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "messaging.h"
#include "tile_key.h"

namespace tilesrv {

std::vector<TileKey> loadPrefetchPlan(const std::string &path, std::size_t maxTiles);

class Prefetcher {
public:
  Prefetcher(std::vector<TileKey> plan, int maxZoom);
  ~Prefetcher();

  Prefetcher(const Prefetcher &) = delete;
  Prefetcher &operator=(const Prefetcher &) = delete;

  void start();
  void stop();
  std::size_t requested() const;

private:
  struct State {
    std::vector<TileKey> plan;
    int maxZoom = 0;
    EventChannel channel;
    std::atomic<bool> stopping{false};
    std::atomic<std::size_t> requested{0};
  };

  static void walk(std::shared_ptr<State> state);

  std::shared_ptr<State> state_;
  bool started_ = false;
};

} // namespace tilesrv

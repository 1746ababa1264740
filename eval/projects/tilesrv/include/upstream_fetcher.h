// UpstreamFetcher: source tiles for cache misses. Tiles the origin already
// rendered are read from its store (a mounted bucket); otherwise a render
// request is sent to an origin over its request stream and the store polled
// until the tile appears. Failed requests are retried on the next origin.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "common.h"
#include "origin_pool.h"
#include "tile_key.h"

namespace tilesrv {

enum class FetchStatus { Ok, Unavailable };

struct FetchResult {
  FetchStatus status = FetchStatus::Unavailable;
  std::string body;
  int attempts = 0;
};

class UpstreamFetcher {
public:
  struct Options {
    std::vector<std::string> origins;
    std::string primary;
    std::string storeRoot;
    int retries = 2;
    std::chrono::milliseconds pollInterval{50};
    int pollAttempts = 40;
    std::chrono::seconds keepAlive{30};
    std::chrono::seconds idleLimit{120};
  };

  explicit UpstreamFetcher(Options options);
  ~UpstreamFetcher();

  UpstreamFetcher(const UpstreamFetcher &) = delete;
  UpstreamFetcher &operator=(const UpstreamFetcher &) = delete;

  FetchResult fetch(const TileKey &key);
  void warmUp();
  void maintain(Clock::time_point now);
  std::size_t openLinks() const;
  const std::string &primary() const { return options_.primary; }

private:
  void requestRender(const std::string &origin, const TileKey &key);
  bool readFromStore(const TileKey &key, std::string &body) const;
  bool waitForStore(const TileKey &key, std::string &body) const;
  const std::string &originFor(int attempt) const;

  const Options options_;
  mutable std::mutex mutex_;
  OriginPool pool_;
  std::uint64_t nextRequestId_ = 1;
};

std::string encodeRenderRequest(std::uint64_t requestId, const TileKey &key);

} // namespace tilesrv

// UpstreamFetcher: serves cache misses from the origin store, asking an
// origin to render the tile first when the store does not have it yet.
// A failed render request is retried on the next origin in the list.
#include "upstream_fetcher.h"

#include <thread>

#include "log.h"
#include "tile_file.h"

namespace tilesrv {

std::string encodeRenderRequest(std::uint64_t requestId, const TileKey &key) {
  return "RENDER " + std::to_string(requestId) + " " + toString(key) + "\n";
}

UpstreamFetcher::UpstreamFetcher(Options options)
    : options_(std::move(options)), pool_(options_.origins, options_.primary, options_.idleLimit) {}

UpstreamFetcher::~UpstreamFetcher() {
  std::lock_guard<std::mutex> lock(mutex_);
  pool_.closeAll();
}

const std::string &UpstreamFetcher::originFor(int attempt) const {
  if (attempt == 0 || options_.origins.size() < 2)
    return options_.primary;
  // Later attempts walk the other origins in configuration order.
  std::size_t skip = static_cast<std::size_t>(attempt - 1) % (options_.origins.size() - 1);
  for (const std::string &origin : options_.origins) {
    if (origin == options_.primary)
      continue;
    if (skip-- == 0)
      return origin;
  }
  return options_.primary;
}

bool UpstreamFetcher::readFromStore(const TileKey &key, std::string &body) const {
  const std::string path = options_.storeRoot + "/" + toString(key) + ".png";
  return readWholeFile(path, body) && !body.empty();
}

bool UpstreamFetcher::waitForStore(const TileKey &key, std::string &body) const {
  for (int i = 0; i < options_.pollAttempts; ++i) {
    std::this_thread::sleep_for(options_.pollInterval);
    if (readFromStore(key, body))
      return true;
  }
  return false;
}

void UpstreamFetcher::requestRender(const std::string &origin, const TileKey &key) {
  OriginPool::Link &link = pool_.acquire(origin);
  if (Clock::now() - link.lastUsed > options_.keepAlive) {
    // The origin drops streams that were quiet for longer than its keep-alive;
    // writing into one that is half closed on the far side loses the request.
    log::debug("origin %s: link quiet past keep-alive, dropping it", origin.c_str());
    link.conn->close();
  }
  link.conn->send(encodeRenderRequest(nextRequestId_++, key)); // BUG: use-after-close
  link.conn->flush();
  link.lastUsed = Clock::now();
  ++link.requests;
}

FetchResult UpstreamFetcher::fetch(const TileKey &key) {
  FetchResult result;
  if (readFromStore(key, result.body)) {
    result.status = FetchStatus::Ok;
    return result;
  }
  for (int attempt = 0; attempt <= options_.retries; ++attempt) {
    ++result.attempts;
    const std::string &origin = originFor(attempt);
    try {
      std::lock_guard<std::mutex> lock(mutex_);
      requestRender(origin, key);
    } catch (const std::exception &e) {
      log::warn("render request for %s to %s failed: %s", toString(key).c_str(), origin.c_str(), e.what());
      std::lock_guard<std::mutex> lock(mutex_);
      pool_.discard(origin);
      continue;
    }
    if (waitForStore(key, result.body)) {
      result.status = FetchStatus::Ok;
      return result;
    }
    log::warn("origin %s did not produce %s in time", origin.c_str(), toString(key).c_str());
  }
  return result;
}

void UpstreamFetcher::warmUp() {
  std::lock_guard<std::mutex> lock(mutex_);
  pool_.acquire(options_.primary);
}

void UpstreamFetcher::maintain(Clock::time_point now) {
  std::lock_guard<std::mutex> lock(mutex_);
  pool_.trim(now);
}

std::size_t UpstreamFetcher::openLinks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pool_.openLinks();
}

} // namespace tilesrv

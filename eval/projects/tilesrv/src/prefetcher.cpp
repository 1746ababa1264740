// Prefetcher: after a data release the operators drop a plan of hot tiles;
// this walks it on a detached thread and publishes a pre-render request per
// tile on the origin's event channel, paced so the origin is not flooded.
#include "prefetcher.h"

#include <chrono>
#include <cstdio>
#include <string_view>
#include <thread>

#include "log.h"

namespace tilesrv {

std::vector<TileKey> loadPrefetchPlan(const std::string &path, std::size_t maxTiles) {
  std::vector<TileKey> plan;
  std::FILE *file = std::fopen(path.c_str(), "r");
  if (!file) {
    log::warn("prefetch plan %s not readable, skipping prefetch", path.c_str());
    return plan;
  }
  char line[256];
  while (std::fgets(line, sizeof line, file)) {
    if (plan.size() >= maxTiles) {
      log::warn("prefetch plan %s lists more than %zu tiles, ignoring the rest", path.c_str(), maxTiles);
      std::fclose(file);
      break;
    }
    std::string_view text(line);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
      text.remove_suffix(1);
    if (text.empty() || text.front() == '#')
      continue;
    if (std::optional<TileKey> key = parseTileKey(text))
      plan.push_back(std::move(*key));
    else
      log::debug("prefetch plan %s: skipping '%.*s'", path.c_str(), static_cast<int>(text.size()), text.data());
  }
  std::fclose(file); // BUG: double-close
  return plan;
}

Prefetcher::Prefetcher(std::vector<TileKey> plan, int maxZoom) : state_(std::make_shared<State>()) {
  state_->plan = std::move(plan);
  state_->maxZoom = maxZoom;
}

Prefetcher::~Prefetcher() { stop(); }

void Prefetcher::start() {
  if (started_ || !state_)
    return;
  started_ = true;
  log::info("prefetching %zu tiles", state_->plan.size());
  std::thread(&Prefetcher::walk, state_).detach();
}

void Prefetcher::walk(std::shared_ptr<State> state) {
  for (const TileKey &key : state->plan) {
    if (state->stopping.load())
      return;
    if (!inRange(key, state->maxZoom))
      continue;
    state->channel.send("prerender " + toString(key)); // BUG: use-after-close #prefetch_walk
    ++state->requested;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  log::info("prefetch plan done, %zu tiles requested", state->requested.load());
}

void Prefetcher::stop() {
  if (!state_)
    return;
  state_->stopping = true;
  state_->channel.close(); // SAME: prefetch_walk
  log::info("prefetch stopped after %zu tiles", state_->requested.load());
  state_.reset();
}

std::size_t Prefetcher::requested() const { return state_ ? state_->requested.load() : 0; }

} // namespace tilesrv

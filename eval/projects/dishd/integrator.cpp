// Integrator: sums digitizer blocks into per-channel power and writes one
// row per second of integration to the current source's visibility dump.
#include "integrator.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace {
constexpr long kBlocksPerRow = 64;
constexpr std::size_t kChannels = 1024;
} // namespace

Integrator::Integrator(std::string dataDir)
    : dir_(std::move(dataDir)), acc_(kChannels, 0.0) {}

void Integrator::begin(const std::string &source, double mjd) {
  if (current_.fp != nullptr)
    current_.finish();
  current_ = openVisibilityDump(dir_ + "/" + source + ".vis");
  night_.push_back(current_);
  mjd_ = mjd;
  blocks_ = 0;
  std::fill(acc_.begin(), acc_.end(), 0.0);
}

void Integrator::accumulate(const std::vector<std::int16_t> &block) {
  for (std::size_t i = 0; i < block.size(); ++i)
    acc_[i % kChannels] += static_cast<double>(block[i]) * block[i];
  if (++blocks_ % kBlocksPerRow == 0) {
    current_.row(mjd_ + blocks_ / 86400.0, acc_);
    std::fill(acc_.begin(), acc_.end(), 0.0);
  }
}

void Integrator::end() { current_.finish(); }

void Integrator::closeAll() {
  for (VisibilityDump &dump : night_)
    dump.finish(); // BUG: double-close #vis-finish
  night_.clear();
  current_ = VisibilityDump{};
}

std::vector<std::string> Integrator::catalogue() const {
  std::vector<std::string> paths;
  for (const VisibilityDump &dump : night_)
    paths.push_back(dump.path);
  return paths;
}

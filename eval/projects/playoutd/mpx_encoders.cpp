// MpxBank: the MPX generator cards in a Pool. A renderer thread leases a card
// for every programme block; engineers can also render a single test block
// (renderOnce() and stop() are both called from the control thread).
#include "mpx_encoders.h"

#include <cstdio>
#include <memory>

MpxBank::MpxBank(const std::vector<std::string> &cards) {
  for (const auto &card : cards) {
    auto encoder = std::make_unique<MpxEncoder>(card);
    if (encoder->open())
      pool_.add(std::move(encoder));
    else
      std::fprintf(stderr, "mpx: card %s unavailable\n", card.c_str());
  }
}

MpxBank::~MpxBank() { stop(); }

void MpxBank::start(Source source) {
  running_.store(true);
  renderer_ = std::thread([this, source = std::move(source)] {
    while (running_.load()) {
      const std::vector<int16_t> block = source();
      auto lease = pool_.acquire();
      if (!lease)
        break;
      lease->encode(block); // BUG: use-after-close #mpxrace
    }
  });
}

bool MpxBank::renderOnce(const std::vector<int16_t> &block) {
  auto lease = pool_.acquire();
  if (!lease)
    return false;
  lease->encode(block); // OK: acquire() hands out nothing once the pool is shut
  return true;
}

void MpxBank::stop() {
  running_.store(false);
  pool_.shutdown(); // SAME: mpxrace
  if (renderer_.joinable())
    renderer_.join();
}

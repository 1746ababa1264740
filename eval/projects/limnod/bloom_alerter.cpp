// BloomAlerter: chlorophyll events above the threshold become Kafka alerts; an
// hourly timer sends a digest. stop() clears open_ and cancels the timer before
// it closes the producer, so neither path sends on a closed producer (negative).
#include "bloom_alerter.h"
#include "limnod_intervals.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>

BloomAlerter::BloomAlerter(LimnoContext &ctx) : ctx_(ctx) {
  chlToken_ = ctx_.switchboard.subscribe("chlorophyll", [this](const std::string &ugL) {
    if (!open_.load())
      return;
    const double chl = std::strtod(ugL.c_str(), nullptr);
    chlorophyll_.push_back(chl);
    if (chl > ctx_.settings.bloomThreshold)
      producer_->send({"limnod.bloom", ugL}); // OK: open_ is cleared before stop() closes the producer
  });
}

BloomAlerter::~BloomAlerter() {
  ctx_.switchboard.unsubscribe(chlToken_);
  stop();
}

void BloomAlerter::start() {
  if (open_.load())
    return;
  producer_ = kafka::createProducer(ctx_.settings.brokers);
  open_.store(true);
  digestTimer_ = ctx_.intervals.every(std::chrono::hours(1), [this] { sendDigest(); });
}

void BloomAlerter::sendDigest() {
  if (chlorophyll_.empty())
    return;
  const double peak = *std::max_element(chlorophyll_.begin(), chlorophyll_.end());
  producer_->send({"limnod.bloom.digest", std::to_string(peak)}); // OK: stop() cancels this timer before closing
  chlorophyll_.clear();
}

void BloomAlerter::tick() {
  if (!open_.load())
    return;
  if (producer_->pendingCount() > 1000)
    producer_->flush();
}

void BloomAlerter::stop() {
  if (!open_.exchange(false))
    return;
  ctx_.intervals.cancel(digestTimer_);
  producer_->flush();
  producer_->close();
}

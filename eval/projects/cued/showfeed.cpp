// Position and cue telemetry to Kafka. attach() puts publishPositions() on
// the timer wheel; shutdown() detaches, flushes and closes in that order.
#include "showfeed.h"

#include <cstdio>

namespace cued {

ShowFeed::ShowFeed(const std::string &brokers, std::string topic,
                   PositionSource source)
    : producer_(kafka::createProducer(brokers)), topic_(std::move(topic)),
      source_(std::move(source)) {}

ShowFeed::~ShowFeed() {
  detach();
  if (producer_ && !producer_->isClosed())
    producer_->close(std::chrono::milliseconds(500)); // OK: skipped when stop() already closed it
}

void ShowFeed::attach(Beatkeeper &beat, std::chrono::milliseconds period) {
  detach();
  beat_ = &beat;
  token_ = beat.every(period, [this] { publishPositions(); });
}

void ShowFeed::detach() {
  if (beat_ == nullptr)
    return;
  beat_->cancel(token_);
  beat_ = nullptr;
  token_ = 0;
}

void ShowFeed::publishPositions() {
  const Positions positions = source_();
  for (const auto &[line, metres] : positions) {
    char value[128];
    std::snprintf(value, sizeof value, "{\"line\":\"%s\",\"m\":%.3f}",
                  line.c_str(), metres);
    producer_->send(kafka::ProducerRecord{topic_, value}); // SAME: feedtick
  }
}

void ShowFeed::publishCue(const std::string &cue) {
  if (!producer_ || producer_->isClosed())
    return;
  producer_->send(kafka::ProducerRecord{topic_ + ".cues", cue}); // OK: a closed producer returned above
}

void ShowFeed::flush() {
  if (producer_ && !producer_->isClosed())
    producer_->flush();
}

void ShowFeed::stop() {
  if (!producer_ || producer_->isClosed())
    return;
  producer_->close(std::chrono::seconds(2));
}

void ShowFeed::shutdown() {
  detach();
  flush();
  stop();
}

} // namespace cued

// Decoding of device traffic into tap events. Every frame is acknowledged so the device
// can drop it from its own store; taps that do not fit into the queue wait in a backlog.
#include "tap_ingest.h"
#include "device_link.h"
#include "diagnostics.h"
#include "link_registry.h"

#include <utility>

namespace farecol {

TapIngest::TapIngest(LinkRegistry &registry, BoundedQueue<TapEvent> &taps, Diagnostics &diag)
    : registry_(registry), taps_(taps), diag_(diag) {}

void TapIngest::onBytes(const std::string &deviceId, const std::string &bytes) {
  std::shared_ptr<DeviceLink> link = registry_.get(deviceId);
  if (!link || !link->isOpen())
    return;
  link->touch(DeviceLink::Clock::now());

  wire::FrameDecoder &decoder = decoders_[deviceId];
  decoder.feed(bytes);
  while (std::optional<wire::Frame> frame = decoder.next()) {
    switch (frame->type) {
    case wire::FrameType::Heartbeat:
      link->push(wire::encodeHeartbeat()); // OK
      continue;
    case wire::FrameType::Bye:
      registry_.disconnect(deviceId);
      decoders_.erase(deviceId);
      return;
    case wire::FrameType::Tap:
      break;
    default:
      diag_.warn("%s: unexpected frame type %d", deviceId.c_str(), static_cast<int>(frame->type));
      continue;
    }

    std::optional<TapEvent> ev = parseTap(frame->payload, deviceId);
    if (!ev) {
      diag_.warn("%s: malformed tap (seq %llu), disconnecting", deviceId.c_str(),
                 static_cast<unsigned long long>(frame->seq));
      registry_.disconnect(deviceId);
    } else {
      ++accepted_;
      if (!backlog_.empty() || !taps_.offer(*ev))
        backlog_.push_back(std::move(*ev));
    }
    link->push(wire::encodeAck(frame->seq)); // BUG: use-after-close
  }
}

void TapIngest::onLost(const std::string &deviceId) {
  decoders_.erase(deviceId);
  registry_.disconnect(deviceId);
}

std::size_t TapIngest::retryBacklog() {
  if (backlog_.empty())
    return 0;
  if (taps_.closed()) {
    diag_.error("tap queue closed, %zu taps left in the backlog", backlog_.size());
    return 0;
  }
  std::size_t moved = 0;
  while (moved < backlog_.size() && taps_.offer(backlog_[moved])) // OK
    ++moved;
  backlog_.erase(backlog_.begin(), backlog_.begin() + static_cast<std::ptrdiff_t>(moved));
  return moved;
}

void TapIngest::stop() {
  taps_.close();
  for (TapEvent &ev : backlog_)
    taps_.push(std::move(ev)); // BUG: use-after-close
  backlog_.clear();
  decoders_.clear();
}

} // namespace farecol

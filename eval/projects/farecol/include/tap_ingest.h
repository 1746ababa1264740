// Turns the bytes a device sends into tap events: decodes frames, acknowledges them and
// queues the taps for the processor. Runs on the main thread.
#pragma once
#include "bounded_queue.h"
#include "tap_event.h"
#include "wire.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace farecol {

class Diagnostics;
class LinkRegistry;

class TapIngest {
public:
  TapIngest(LinkRegistry &registry, BoundedQueue<TapEvent> &taps, Diagnostics &diag);

  void onBytes(const std::string &deviceId, const std::string &bytes);
  void onLost(const std::string &deviceId);
  std::size_t retryBacklog();
  void stop();

  std::uint64_t accepted() const { return accepted_; }
  std::size_t backlog() const { return backlog_.size(); }

private:
  LinkRegistry &registry_;
  BoundedQueue<TapEvent> &taps_;
  Diagnostics &diag_;
  std::map<std::string, wire::FrameDecoder> decoders_;
  std::vector<TapEvent> backlog_;
  std::uint64_t accepted_ = 0;
};

} // namespace farecol

// IngestPipeline: positions from the I/O thread go through a bounded queue to
// a consumer thread that appends them to the trip store. Points the store
// could not write are kept aside and requeued on the next tick.
#pragma once
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "bounded_queue.h"
#include "telemetry.h"

namespace fleetd {

class TripStore;
class Diagnostics;

class IngestPipeline {
public:
  IngestPipeline(TripStore &trips, Diagnostics &diag, std::size_t capacity);
  ~IngestPipeline();
  IngestPipeline(const IngestPipeline &) = delete;
  IngestPipeline &operator=(const IngestPipeline &) = delete;

  void start();
  bool submit(const PositionReport &report);
  void tick();
  void stop();
  std::size_t dropped() const;

private:
  void consume();
  void requeueRetries();

  TripStore &trips_;
  Diagnostics &diag_;
  BoundedQueue<PositionReport> positions_;
  mutable std::mutex retryMu_;
  std::vector<PositionReport> retry_;
  std::size_t dropped_ = 0;
  std::thread consumer_;
};

} // namespace fleetd

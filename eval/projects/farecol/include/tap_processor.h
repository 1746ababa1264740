// Consumes queued taps on its own thread: journals them, prices journeys, charges the
// ledger and hands completed journeys to the work pool for publishing.
#pragma once
#include "bounded_queue.h"
#include "tap_event.h"

#include <atomic>
#include <cstdint>
#include <thread>

namespace farecol {

class DenyListUpdater;
class Diagnostics;
class FareEngine;
class Ledger;
class PublisherSlot;
class TapJournal;
class WorkPool;

class TapProcessor {
public:
  TapProcessor(BoundedQueue<TapEvent> &taps, FareEngine &fares, Ledger &ledger, TapJournal &journal,
               PublisherSlot &publisher, WorkPool &pool, DenyListUpdater &deny, Diagnostics &diag);
  ~TapProcessor();

  void start();
  // Returns once the tap queue has been closed and drained.
  void join();
  std::uint64_t processed() const { return processed_.load(); }

private:
  void run();
  void process(const TapEvent &ev);

  BoundedQueue<TapEvent> &taps_;
  FareEngine &fares_;
  Ledger &ledger_;
  TapJournal &journal_;
  PublisherSlot &publisher_;
  WorkPool &pool_;
  DenyListUpdater &deny_;
  Diagnostics &diag_;
  std::thread thread_;
  std::atomic<std::uint64_t> processed_{0};
};

} // namespace farecol

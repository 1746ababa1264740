// CarrierTracker: follows every carrier by its RFID tag and publishes tag events.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bounded_queue.h"
#include "rfid_reader.h"
#include "thread_pool.h"

namespace tubed {

struct TagEvent {
  std::string tag;    // empty for a note that is not about one carrier
  std::string where;  // gate, siding or segment
  std::string what;
};

class CarrierTracker {
 public:
  CarrierTracker(std::shared_ptr<RfidReader> reader, std::shared_ptr<ThreadPool> workers);

  // Reopens the event queue and submits the polling job to the worker pool.
  void start();
  // Idempotent: asks the polling job to stop (does not wait for it) and closes the queue.
  void stop();
  // Updates the position table and queues the event; throws once stopped (queue closed).
  void record(TagEvent ev);
  std::optional<TagEvent> next_event();
  // Reads the position table, which stop() leaves intact. "*" means every segment.
  std::vector<std::string> carriers_on(const std::string& segment) const;
  bool running() const;

 private:
  void poll_loop(int generation);

  std::shared_ptr<RfidReader> reader_;
  std::shared_ptr<ThreadPool> workers_;
  BoundedQueue<TagEvent> events_;
  mutable std::mutex pos_mu_;
  std::map<std::string, std::string> position_;
  std::atomic<bool> running_{false};
  std::atomic<int> generation_{0};
};

}  // namespace tubed

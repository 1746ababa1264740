// Station: the send/receive station of one ward. Frames for the ward's display are queued
// in a bounded outbox and written by the station's own worker thread.
#pragma once

#include <atomic>
#include <string>
#include <thread>

#include "bounded_queue.h"
#include "station_link.h"

namespace tubed {

class Station {
 public:
  Station(std::string ward, StationLink* link);  // the link is owned by the LinkRegistry
  ~Station();
  Station(const Station&) = delete;
  Station& operator=(const Station&) = delete;

  void start();
  void stop();  // idempotent; joins the worker
  bool enqueue(std::string frame);  // false once stopped or full
  void request_resync();
  const std::string& ward() const;
  int reconnect_failures() const;

 private:
  void run();
  void resync();
  std::string sync_frame() const;

  std::string ward_;
  StationLink* link_;
  BoundedQueue<std::string> outbox_;
  std::thread worker_;
  std::atomic<bool> running_{false};
  std::atomic<int> reconnect_failures_{0};
  std::atomic<long> dropped_{0};
};

}  // namespace tubed

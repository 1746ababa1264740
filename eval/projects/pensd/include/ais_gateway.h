// AisGateway: the site's AIS receiver and VHF/DSC radio. A reader thread turns
// AIS sentences into "ais.position" events; well-boat sessions are kept by MMSI.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "bounded_queue.h"
#include "event_dispatcher.h"
#include "fd_handle.h"
#include "shutdown_sequence.h"
#include "status.h"
#include "wellboat_session.h"

class AisGateway {
 public:
  // Opens the radio, starts the reader and router threads and registers its
  // own shutdown with the lockdown sequence.
  AisGateway(std::string radio_device, std::shared_ptr<EventDispatcher> events, ShutdownSequence& lockdown);
  ~AisGateway();

  Status open_session(std::uint32_t mmsi, const std::string& callsign);
  WellBoatSession* session(std::uint32_t mmsi);  // nullptr when unknown; hung-up sessions stay until drop()
  void drop(std::uint32_t mmsi);                 // hangs the session up and forgets it
  void close_all_sessions();                     // hangs up every active session, keeps them for the call log
  // SECURITE broadcast on the working channel. Throws std::runtime_error("ais gateway shut down").
  Status broadcast(const std::string& text);
  void shutdown();  // idempotent: stops the threads, hangs up, closes the radio
  bool running() const;

 private:
  void reader_loop();
  void router_loop();

  std::string device_;
  std::shared_ptr<EventDispatcher> events_;
  FdHandle radio_;
  BoundedQueue<std::string> rx_;
  std::mutex mu_;
  std::unordered_map<std::uint32_t, std::unique_ptr<WellBoatSession>> sessions_;
  std::atomic<bool> running_;
  std::thread reader_;
  std::thread router_;
};

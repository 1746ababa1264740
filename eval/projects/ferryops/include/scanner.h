// Ticket scanning. A TicketScanner turns a gate reader's raw barcodes into
// ScanEvents on its own BoundedQueue (ticket_scanner.cpp). A ScanSession
// counts one sailing's boardings; end() may be called once and throws on a
// second call (scan_session.cpp). The boarding window loop is in
// boarding_window.cpp.
#pragma once
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

#include "bounded_queue.h"
#include "gate_channel.h"
#include "manifest.h"
#include "types.h"

namespace ferry {

class TicketScanner {
public:
  TicketScanner(GateId gate, std::size_t capacity);
  void onRawScan(const std::string &barcode, std::int64_t atMs);
  void stop();
  bool stopped() const;
  BoundedQueue<ScanEvent> &queue() { return queue_; }
  GateId gate() const { return gate_; }

private:
  void emitPending();

  GateId gate_;
  BoundedQueue<ScanEvent> queue_;
  std::vector<ScanEvent> pending_;
  mutable std::mutex mu_;
  bool stopped_ = false;
};

class ScanSession {
public:
  ScanSession(std::string sailingId, ManifestLog &log);
  void record(const ScanEvent &e);
  void end();
  bool ended() const { return ended_; }
  std::size_t boarded() const { return boarded_; }
  std::size_t rejected() const { return rejected_; }

private:
  std::string sailingId_;
  ManifestLog &log_;
  std::size_t boarded_ = 0;
  std::size_t rejected_ = 0;
  bool ended_ = false;
};

std::size_t drainScans(BoundedQueue<ScanEvent> &q, ScanSession &session);
std::size_t runBoardingWindow(TicketScanner &scanner, ScanSession &session,
                              std::chrono::seconds window);
std::size_t runFootPassengerGate(TicketScanner &scanner, ScanSession &session, GateChannel &gate,
                                 std::size_t seats);

} // namespace ferry

// TicketScanner: a gate's barcode reader. Long tickets arrive in two halves
// (the first ends in '+'); halves wait in pending_ until their tail arrives.
// Complete scans go to the scanner's own queue, which stop() closes.
// drainScans() consumes a queue until it is closed and then takes what was
// queued before the close.
#include "scanner.h"

#include <utility>

namespace ferry {

TicketScanner::TicketScanner(GateId gate, std::size_t capacity) : gate_(gate), queue_(capacity) {}

void TicketScanner::onRawScan(const std::string &barcode, std::int64_t atMs) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  if (!barcode.empty() && barcode.back() == '+') {
    pending_.push_back(ScanEvent{gate_, ScanKind::Ticket, barcode.substr(0, barcode.size() - 1), atMs});
    return;
  }
  ScanEvent ev{gate_, ScanKind::Ticket, barcode, atMs};
  if (barcode == "#GATE-CLOSED") {
    ev.kind = ScanKind::GateClosed;
  } else if (!pending_.empty()) {
    ev.ticket = pending_.back().ticket + barcode;
    pending_.pop_back();
  }
  queue_.push(std::move(ev)); // OK: stop() closes the queue under mu_, and stopped_ is checked above
}

void TicketScanner::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  stopped_ = true;
  queue_.close();
  emitPending(); // BUG: use-after-close #scanflush
}

bool TicketScanner::stopped() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stopped_;
}

void TicketScanner::emitPending() {
  for (ScanEvent &ev : pending_) {
    ev.kind = ScanKind::Rejected;
    queue_.push(std::move(ev)); // SAME: scanflush
  }
  pending_.clear();
}

std::size_t drainScans(BoundedQueue<ScanEvent> &q, ScanSession &session) {
  std::size_t n = 0;
  while (!q.closed()) {
    std::optional<ScanEvent> ev = q.popFor(std::chrono::milliseconds(200)); // OK: loop runs while the queue is open; popFor also handles a close
    if (!ev)
      continue;
    session.record(*ev);
    ++n;
  }
  while (std::optional<ScanEvent> ev = q.tryPop()) { // OK: draining after close is what tryPop allows
    session.record(*ev);
    ++n;
  }
  return n;
}

} // namespace ferry

// Boarding windows. runBoardingWindow() feeds scans into the sailing's
// session until the window expires or the gate attendant scans the
// gate-closed card. runFootPassengerGate() does the same for the foot
// passenger gate, closing its display link when the seats run out.
#include "scanner.h"

namespace ferry {

std::size_t runBoardingWindow(TicketScanner &scanner, ScanSession &session,
                              std::chrono::seconds window) {
  const auto deadline = Clock::now() + window;
  BoundedQueue<ScanEvent> &q = scanner.queue();
  while (Clock::now() < deadline) {
    std::optional<ScanEvent> ev = q.popFor(std::chrono::milliseconds(250));
    if (!ev)
      continue;
    if (ev->kind == ScanKind::GateClosed) {
      session.end();
      break;
    }
    session.record(*ev);
  }
  scanner.stop();
  session.end(); // BUG: double-close
  return session.boarded();
}

std::size_t runFootPassengerGate(TicketScanner &scanner, ScanSession &session, GateChannel &gate,
                                 std::size_t seats) {
  BoundedQueue<ScanEvent> &q = scanner.queue();
  while (session.boarded() < seats) {
    std::optional<ScanEvent> ev = q.popFor(std::chrono::milliseconds(250));
    if (!ev) {
      if (q.closed())
        break;
      continue;
    }
    if (ev->kind == ScanKind::GateClosed) {
      session.end();
      gate.shutdown();
      break;
    }
    session.record(*ev);
  }
  if (!session.ended())
    session.end(); // OK: guarded by ended()
  gate.shutdown(); // OK: shutdown() is idempotent
  return session.boarded();
}

} // namespace ferry

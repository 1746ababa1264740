// Departures. departSailing() tells the gates the sailing has left, publishes
// the departure and reports it to the port authority; after the last sailing
// of the day the boarding publisher is closed for the night. pushTimetable()
// updates a quay departure board over a short-lived link that is shut down
// once the rows are sent.
#include "operations.h"

#include <cerrno>
#include <cstdio>
#include <exception>
#include <stdexcept>

#include "gate_ops.h"
#include "terminal.h"

namespace ferry {

namespace {
constexpr GateId kBoardLinkId = 950;
}

void departSailing(Terminal &t, const Sailing &s, bool lastOfDay) {
  broadcastNotice(t.gates(), "DEPARTED " + s.id);
  const BoardingEvent departed{s.id, "DEPARTED", 0, nowMillis(), false};
  const Status st = t.publisher().publish(departed);
  if (!st.ok())
    std::fprintf(stderr, "departure of %s not published: %s\n", s.id.c_str(), st.toString().c_str());
  if (lastOfDay)
    t.publisher().close();
  t.paNotifier()(departed); // BUG: use-after-close #panotify
}

Status pushTimetable(const Endpoint &board, const std::vector<Sailing> &sailings) {
  GateChannel ch(kBoardLinkId);
  Status st = ch.connect(board);
  if (!st.ok())
    return st;
  try {
    for (const Sailing &s : sailings) {
      st = ch.sendFrame(Frame::config("ROW " + s.id + " " + s.route + " " + std::to_string(s.departsAtMs)));
      if (!st.ok())
        throw std::runtime_error(st.toString());
    }
    ch.shutdown();
  } catch (const std::exception &e) {
    ch.sendFrame(Frame::error(e.what())); // OK: shutdown() is the try's last statement and cannot throw
    ch.shutdown(); // OK: the try's shutdown() did not run on this path
    return Status::IoError(EIO, e.what());
  }
  return Status::Ok();
}

} // namespace ferry

// ScanSession: counts one sailing's boardings and writes each into the
// sailing's manifest. end() writes the session trailer; a session ends once,
// and record() or a second end() throws (callers must not end twice).
#include "scanner.h"

#include <stdexcept>
#include <utility>

namespace ferry {

ScanSession::ScanSession(std::string sailingId, ManifestLog &log)
    : sailingId_(std::move(sailingId)), log_(log) {}

void ScanSession::record(const ScanEvent &e) {
  if (ended_)
    throw std::logic_error("scan session " + sailingId_ + " has ended");
  if (e.kind == ScanKind::Rejected) {
    ++rejected_;
    return;
  }
  if (e.kind != ScanKind::Ticket)
    return;
  const Status st = log_.append(BoardingEvent{sailingId_, e.ticket, e.gate, e.atMs, false});
  if (!st.ok())
    throw std::runtime_error(st.toString());
  ++boarded_;
}

void ScanSession::end() {
  if (ended_)
    throw std::logic_error("scan session " + sailingId_ + " ended twice");
  ended_ = true;
  log_.append(BoardingEvent{sailingId_, "SESSION-END " + std::to_string(boarded_), 0, nowMillis(), false});
}

} // namespace ferry

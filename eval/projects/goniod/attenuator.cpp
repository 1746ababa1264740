// goniod — Attenuator: the foil changer in front of the sample, on its own IOC
// connection held in a std::optional. Rehoming drops the connection and
// emplaces a fresh one; going offline resets the optional.
#include "attenuator.h"

#include <stdexcept>

#include "bringup.h"
#include "elog.h"

namespace goniod {

Attenuator::Attenuator(const Endpoint &ep) : ep_(ep) {
  conn_.emplace(ep_.host, ep_.port);
  const bool ok = greet_ioc(*conn_, "ATT-FOILS 2");
  if (!ok)
    elog().append("attenuator IOC at " + conn_->peer() + " reports unexpected firmware");
  conn_->put("ATT:MASK", 0.0); // BUG: use-after-close
}

void Attenuator::select(unsigned foil_mask) {
  if (!conn_)
    throw std::runtime_error("attenuator is offline");
  conn_->put("ATT:MASK", static_cast<double>(foil_mask)); // OK: go_offline() resets the optional after closing
  mask_ = foil_mask;
}

void Attenuator::rehome() {
  if (conn_)
    conn_->close();
  conn_.reset();
  conn_.emplace(ep_.host, ep_.port);
  try {
    require_ioc(*conn_, "ATT-FOILS 2");
  } catch (...) {
    conn_.reset();
    throw;
  }
  conn_->put("ATT:HOME", 1.0); // OK: a fresh connection was emplaced and greeted above
  conn_->put("ATT:MASK", static_cast<double>(mask_));
}

void Attenuator::go_offline() {
  if (!conn_)
    return;
  conn_->close();
  conn_.reset();
}

} // namespace goniod

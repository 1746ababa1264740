// RotaryDoser: the rotary valve under the silo. The doser PLC session is only
// ever closed by FeedBarge::halt(), on the thread that runs the lockdown, which
// is also the thread that calls set_rate()/stop_auger()/revolutions().
#include "doser.h"

#include <utility>

RotaryDoser::RotaryDoser(std::shared_ptr<PlcLink> link, double grams_per_rev)
    : link_(std::move(link)), grams_per_rev_(grams_per_rev > 0.0 ? grams_per_rev : 1.0) {}

Status RotaryDoser::set_rate(double kg_per_min) {
  if (link_->is_closed()) return Status::Error(Errc::Closed, "doser plc closed");
  const auto revs = static_cast<std::uint16_t>(kg_per_min * 1000.0 / grams_per_rev_);
  return link_->write_register(plc_reg::kDoserRate, revs);  // OK: a closed session returned above
}

Status RotaryDoser::stop_auger() {
  if (link_->state() == PlcLink::State::Closed) {
    return Status::Error(Errc::Closed, "doser plc closed; stop the auger by hand");
  }
  return link_->write_register(plc_reg::kAugerRun, 0);  // OK: state checked just above
}

Status RotaryDoser::purge() {
  Status st = link_->write_register(plc_reg::kDoserPurge, 1);  // SAME: purge
  if (!st.ok()) return st;
  return Status::Ok();
}

Result<std::uint16_t> RotaryDoser::revolutions() {
  if (link_->state() != PlcLink::State::Connected) return Status::Error(Errc::Closed, "doser plc not connected");
  return link_->read_register(plc_reg::kDoserRevs);  // OK: only a Connected session gets here
}

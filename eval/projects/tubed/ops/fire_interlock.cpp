// FireInterlock: a fire alarm aborts every transaction, tells the sending wards why, stops
// the blowers, pages the nurse-call server one last time and hands the nurse-call line to
// the fire panel (the gateway is closed). reset() reopens the gateway.
#include "fire_interlock.h"

#include <cstdio>

namespace tubed {

FireInterlock::FireInterlock(std::shared_ptr<TransactionManager> tx, std::shared_ptr<BlowerController> blowers,
                             std::shared_ptr<NurseCallGateway> gateway, std::shared_ptr<AlarmBus> alarms)
    : tx_(std::move(tx)), blowers_(std::move(blowers)), gateway_(std::move(gateway)), alarms_(std::move(alarms)) {}

void FireInterlock::trip(const std::string& zone) {
  if (tripped_.exchange(true)) return;
  const std::vector<std::uint64_t> active = tx_->active_ids();
  tx_->abort_all("fire alarm in zone " + zone);
  for (std::uint64_t id : active) {
    if (Transaction* t = tx_->find(id)) t->post("halted: fire alarm in zone " + zone); // BUG: use-after-close
  }
  Status s = blowers_->emergency_stop();
  if (!s.is_ok()) std::fprintf(stderr, "tubed: blower emergency stop: %s\n", s.to_string().c_str());
  alarms_->publish(Alarm{Severity::Critical, "fire-interlock", "fire alarm zone " + zone + ": all carriers stopped"});
  gateway_->Notify("FIRE zone " + zone + ": pneumatic tube system halted");
  gateway_->Close();  // the fire panel takes over the nurse-call line
}

Status FireInterlock::reset() {
  if (!tripped_.load()) return Status::ok();
  Status s = gateway_->Open();
  if (!s.is_ok()) return s;
  gateway_->Notify("fire alarm cleared; tube system may be restarted"); // OK: Open() succeeded after trip() closed the gateway
  tripped_ = false;
  return Status::ok();
}

bool FireInterlock::tripped() const { return tripped_.load(); }

}  // namespace tubed

// NurseCallRelay: an alarm observer that pages the nurse-call server for alarms of at
// least min severity. It skips alarms while the gateway is closed (handed to the fire
// panel, or shut down) and unsubscribes from the bus in its destructor.
#include "nurse_call_relay.h"

#include <chrono>
#include <thread>

namespace tubed {

NurseCallRelay::NurseCallRelay(std::shared_ptr<AlarmBus> bus, std::shared_ptr<NurseCallGateway> gateway, Severity min)
    : bus_(bus), gateway_(std::move(gateway)), min_(min) {
  bus->subscribe(this);
}

NurseCallRelay::~NurseCallRelay() {
  if (auto bus = bus_.lock()) bus->unsubscribe(this);
}

void NurseCallRelay::on_alarm(const Alarm& alarm) {
  if (static_cast<int>(alarm.severity) < static_cast<int>(min_)) return;
  if (gateway_->IsClosed()) {
    ++dropped_;
    return;
  }
  const std::string msg = "TUBE " + alarm.source + ": " + alarm.text;
  Status s = gateway_->Notify(msg);
  if (!s.is_ok()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    s = gateway_->Notify(msg); // BUG: use-after-close
  }
  if (!s.is_ok()) ++dropped_;
}

long NurseCallRelay::dropped() const { return dropped_.load(); }

}  // namespace tubed

// AlarmPanel: the constructor starts the sender thread, which forwards queued
// alarms to shore over the satellite uplink, and adds stop() to the lockdown
// sequence (Phase::Stop). The uplink is the site's single modem link, shared
// with the other components that Farm's constructor hands it to.
#include "alarm_panel.h"

#include <cstdio>
#include <optional>
#include <utility>

AlarmPanel::AlarmPanel(std::shared_ptr<SatelliteUplink> uplink, ShutdownSequence& lockdown)
    : uplink_(std::move(uplink)), outbox_(128), running_(true) {
  sender_ = std::thread([this] { sender_loop(); });
  lockdown.add(Phase::Stop, "alarm panel", [this] {
    stop();
    return Status::Ok();
  });
}

AlarmPanel::~AlarmPanel() { stop(); }

std::string AlarmPanel::format(const Alarm& alarm) {
  return "ALARM sev=" + std::to_string(alarm.severity) + " src=" + alarm.source + " " + alarm.text;
}

void AlarmPanel::raise(const Alarm& alarm) {
  outbox_.push(format(alarm));  // SAME: alarmq
}

bool AlarmPanel::try_raise(const Alarm& alarm) { return outbox_.try_push(format(alarm)); }

void AlarmPanel::stop() {
  if (!running_.exchange(false)) return;
  outbox_.close();
  if (sender_.joinable()) sender_.join();
}

bool AlarmPanel::running() const { return running_.load(); }

void AlarmPanel::sender_loop() {
  while (std::optional<std::string> message = outbox_.pop()) {  // OK: pop() drains the closed outbox before it ends the loop
    Status st = uplink_->send(*message);  // BUG: use-after-close #shedrace
    if (!st.ok()) std::fprintf(stderr, "alarm not sent: %s\n", st.to_string().c_str());
  }
}

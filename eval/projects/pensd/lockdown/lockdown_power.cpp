// Lockdown steps for the worker pool (Phase::Drain), the power plant
// (Phase::Release) and the records (Phase::Seal).
#include "lockdown_power.h"

#include <string>
#include <utility>

ShutdownPoolStep::ShutdownPoolStep(std::shared_ptr<ThreadPool> pool) : pool_(std::move(pool)) {}

const char* ShutdownPoolStep::name() const { return "shut down worker pool"; }

Status ShutdownPoolStep::run() {
  pool_->shutdown();
  return Status::Ok();
}

PowerDownStep::PowerDownStep(std::shared_ptr<PowerController> power, std::shared_ptr<Historian> historian)
    : power_(std::move(power)), historian_(std::move(historian)) {}

const char* PowerDownStep::name() const { return "power down"; }

Status PowerDownStep::run() {
  std::string note = "power.down";
  PowerSource* bank = power_->source("battery");
  if (bank != nullptr && bank->alive()) {
    Result<double> kw = bank->output_kw();  // OK: alive() checked; the sources are closed only by shutdown() below
    if (kw.ok()) note += " battery_kw=" + std::to_string(kw.value());
  }
  power_->shutdown();
  Result<double> last = power_->source("generator")->output_kw();  // BUG: use-after-close
  if (last.ok()) note += " generator_kw=" + std::to_string(last.value());
  historian_->append(note);
  return Status::Ok();
}

SealHistorianStep::SealHistorianStep(std::shared_ptr<Historian> historian) : historian_(std::move(historian)) {}

const char* SealHistorianStep::name() const { return "seal historian"; }

Status SealHistorianStep::run() {
  historian_->append("historian sealed");
  historian_->close();
  return Status::Ok();
}

StopDispatcherStep::StopDispatcherStep(std::shared_ptr<EventDispatcher> events) : events_(std::move(events)) {}

const char* StopDispatcherStep::name() const { return "stop dispatcher"; }

Status StopDispatcherStep::run() {
  events_->stop();
  return Status::Ok();
}

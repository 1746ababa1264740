// PowerController: the constructor takes ownership of the generator and the
// battery bank and starts the monitor thread. On a brownout the monitor switches
// to battery and drops the barge's blower PLC session (Farm hands it the same
// PlcLink it gives the FeedBarge); when the bank runs low it closes the
// satellite uplink (shared with the AlarmPanel). shutdown() runs once: it joins
// the monitor, announces "off" and closes every source.
#include "power_controller.h"

#include <chrono>
#include <utility>

namespace {
constexpr double kBrownoutKw = 40.0;
constexpr double kShedSoc = 0.25;
}  // namespace

PowerController::PowerController(std::unique_ptr<GeneratorLink> generator, std::unique_ptr<BatteryBank> bank,
                                 std::shared_ptr<PlcLink> blower_plc, std::shared_ptr<SatelliteUplink> uplink,
                                 std::shared_ptr<EventDispatcher> events)
    : generator_(generator.get()),
      bank_(bank.get()),
      blower_plc_(std::move(blower_plc)),
      uplink_(std::move(uplink)),
      events_(std::move(events)),
      mode_(Mode::Generator),
      monitoring_(true),
      shut_(false) {
  sources_.push_back(std::move(generator));
  sources_.push_back(std::move(bank));
  monitor_ = std::thread([this] { monitor_loop(); });
}

PowerController::~PowerController() { shutdown(); }

void PowerController::monitor_loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (monitoring_.load()) {
    lk.unlock();
    Result<double> kw = generator_->output_kw();  // OK: shutdown() joins this thread before it closes the sources
    if (mode_.load() == Mode::Generator && kw.ok() && kw.value() < kBrownoutKw) on_brownout();
    if (mode_.load() == Mode::Battery) {
      Result<double> soc = bank_->state_of_charge();  // OK: the bank too is closed only after the join
      if (soc.ok() && soc.value() < kShedSoc) shed_load();
    }
    lk.lock();
    cv_.wait_for(lk, std::chrono::seconds(1), [this] { return !monitoring_.load(); });
  }
}

void PowerController::on_brownout() {
  mode_.store(Mode::Battery);
  blower_plc_->close_if_open();  // SAME: brownout
  events_->emit("power.mode", "battery");  // OK: the dispatcher stops in Phase::Seal, after this thread is joined
}

void PowerController::shed_load() {
  uplink_->close();  // SAME: shedrace
  events_->emit("power.shed", "uplink");
}

void PowerController::shutdown() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_) return;
    shut_ = true;
    monitoring_.store(false);
  }
  cv_.notify_all();
  if (monitor_.joinable()) monitor_.join();
  mode_.store(Mode::Off);
  events_->emit("power.mode", "off");
  for (auto& source : sources_) {
    source->close();  // OK: each source once; shut_ makes shutdown() run a single time
  }
}

PowerSource* PowerController::source(const std::string& name) {
  for (auto& s : sources_) {
    if (name == s->name()) return s.get();
  }
  return nullptr;
}

PowerController::Mode PowerController::mode() const { return mode_.load(); }

std::size_t PowerController::source_count() const { return sources_.size(); }

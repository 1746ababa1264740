// Terminal: owns every component of the running terminal. Members are
// declared in construction order and destroyed in reverse, so a member may
// only rely in its destructor on members declared before it.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "boarding.h"
#include "config.h"
#include "crew.h"
#include "deck.h"
#include "gate_registry.h"
#include "manifest.h"
#include "messaging.h"
#include "ramp.h"
#include "scanner.h"
#include "telemetry.h"

namespace ferry {

class Terminal {
public:
  explicit Terminal(TerminalConfig cfg);
  ~Terminal();
  Terminal(const Terminal &) = delete;
  Terminal &operator=(const Terminal &) = delete;

  Status start(const Sailing &first);
  void tick();
  void recordBoarding(const BoardingEvent &e);
  void suspendBrokerTraffic(const std::string &why);
  void setProducer(std::shared_ptr<kafka::KafkaProducer> fresh);

  const TerminalConfig &config() const { return config_; }
  TerminalConfig &mutableConfig() { return config_; }
  GateRegistry &gates() { return gates_; }
  BoardingPublisher &publisher() { return publisher_; }
  BatchUploader &uploader() { return uploader_; }
  RetryQueue &retries() { return retries_; }
  MetricsSampler &sampler() { return sampler_; }
  const PaNotifier &paNotifier() const { return paNotifier_; }
  Crew &crew() { return crew_; }
  DeckLoader &deck() { return deck_; }
  RampController *ramp() { return ramp_.get(); }
  std::unique_ptr<RampController> &rampSlot() { return ramp_; }
  ManifestLog &manifest() { return manifest_; }
  ManifestIndex &index();
  std::optional<ManifestIndex> &indexSlot() { return index_; }
  VesselTelemetryReader &telemetry() { return telemetry_; }
  std::vector<std::unique_ptr<TicketScanner>> &scanners() { return scanners_; }
  const Sailing &currentSailing() const { return current_; }
  TerminalCounters counters();

private:
  TerminalConfig config_;
  Sailing current_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  RetryQueue retries_;
  GateRegistry gates_;
  std::optional<ManifestIndex> index_;
  ManifestLog manifest_;
  VesselTelemetryReader telemetry_;
  std::thread beaconThread_;
  DeckLoader deck_;
  std::unique_ptr<RampController> ramp_;
  std::vector<std::unique_ptr<TicketScanner>> scanners_;
  BatchUploader uploader_;
  MetricsSampler sampler_;
  PaNotifier paNotifier_;
  BoardingPublisher publisher_;
  Crew crew_;
  TerminalCounters counters_;
};

} // namespace ferry

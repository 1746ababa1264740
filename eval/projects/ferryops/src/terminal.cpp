// Terminal: wires the components together at start-up, runs the periodic
// tick and records boardings. suspendBrokerTraffic() is used when the port's
// Kafka cluster goes into a maintenance window: boardings keep going to the
// manifest only. setProducer() installs a new producer after a broker change.
// The destructor stops the telemetry threads; members then go in reverse
// declaration order (terminal.h).
#include "terminal.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

#include "gate_ops.h"

namespace ferry {

Terminal::Terminal(TerminalConfig cfg)
    : config_(std::move(cfg)),
      producer_(std::make_shared<kafka::KafkaProducer>(config_.brokers)),
      manifest_(config_.manifestDir),
      telemetry_(config_.serialDevice),
      deck_(config_.deckLanes, config_.laneLengthM, 256),
      uploader_(producer_, config_.boardingTopic + ".batch", 50),
      sampler_(producer_, config_.metricsTopic),
      paNotifier_(makePortAuthorityNotifier(producer_, config_.portAuthorityTopic, config_.portCode)),
      publisher_(producer_, config_.boardingTopic),
      crew_(4) {}

Terminal::~Terminal() {
  telemetry_.stop();
  if (beaconThread_.joinable())
    beaconThread_.join();
}

Status Terminal::start(const Sailing &first) {
  current_ = first;
  index_.emplace(config_.indexPath);
  Status st = index_->open();
  if (!st.ok())
    return st;
  st = manifest_.open(first);
  if (!st.ok())
    return st;

  for (const GateConfig &gc : config_.gates) {
    if (!gc.enabled)
      continue;
    st = bringUpGate(gates_, gc.id, gc.endpoint, config_.terminalId);
    if (!st.ok())
      std::fprintf(stderr, "gate %u offline: %s\n", gc.id, st.toString().c_str());
    scanners_.push_back(std::make_unique<TicketScanner>(gc.id, 512));
  }

  auto link = std::make_unique<GateChannel>(kRampLinkId);
  st = link->connect(config_.rampEndpoint);
  if (st.ok())
    ramp_ = std::make_unique<RampController>(std::move(link));
  else
    std::fprintf(stderr, "ramp console offline: %s\n", st.toString().c_str());

  st = telemetry_.openSerial();
  if (!st.ok())
    std::fprintf(stderr, "telemetry: %s\n", st.toString().c_str());
  st = telemetry_.startBeacon(config_.beaconPort);
  if (st.ok())
    beaconThread_ = std::thread([this] { telemetry_.beaconLoop(); });

  deck_.startSensors([] { return readLaneSensor(500); });
  return Status::Ok();
}

ManifestIndex &Terminal::index() {
  if (!index_)
    throw std::logic_error("manifest index is not open");
  return *index_;
}

TerminalCounters Terminal::counters() {
  TerminalCounters c = counters_;
  c.gatesOpen = 0;
  gates_.forEach([&c](GateId, GateChannel &ch) {
    if (ch.isOpen())
      ++c.gatesOpen;
  });
  return c;
}

void Terminal::recordBoarding(const BoardingEvent &e) {
  manifest_.append(e);
  if (e.vehicle)
    ++counters_.vehicles;
  else
    ++counters_.boarded;
  Status st;
  try {
    st = publisher_.publish(e);
  } catch (const std::exception &ex) {
    std::fprintf(stderr, "publish failed, retrying later: %s\n", ex.what());
    scheduleResend(retries_, producer_, kafka::ProducerRecord{config_.boardingTopic, encodeEvent(e)},
                   std::chrono::seconds(5));
    return;
  }
  if (!st.ok())
    return;
  uploader_.add(e);
  paNotifier_(e);
}

void Terminal::tick() {
  if (std::optional<TelemetrySample> fix = telemetry_.pollSerial(0))
    telemetry_.sendBeacon(*fix);
  while (std::optional<Vehicle> v = deck_.nextForLane()) {
    if (v->lane < 0) {
      ++counters_.rejected;
      continue;
    }
    recordBoarding(BoardingEvent{current_.id, v->plate, kRampLinkId, nowMillis(), true});
  }
  checkBrokerBacklog(publisher_, retries_, 5000);
  if (!publisher_.closed())
    retries_.fireDue(Clock::now()); // OK: skipped once the publisher has closed the shared producer
  sampler_.sample(counters()); // OK: sample() skips a closed producer
}

void Terminal::suspendBrokerTraffic(const std::string &why) {
  publisher_.publish(BoardingEvent{current_.id, "SUSPEND " + why, 0, nowMillis(), false});
  publisher_.close();
  sampler_.sampleFinal(counters()); // BUG: use-after-close #samplerlock
}

void Terminal::setProducer(std::shared_ptr<kafka::KafkaProducer> fresh) {
  producer_ = fresh;
  sampler_ = MetricsSampler(fresh, config_.metricsTopic);
  paNotifier_ = makePortAuthorityNotifier(fresh, config_.portAuthorityTopic, config_.portCode);
}

} // namespace ferry

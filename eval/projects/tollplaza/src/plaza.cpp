// Plaza: start-up, the control loop, component replacement on reload, and
// stop(), which runs the shutdown plan. The control loop is the only thread
// that publishes through EventPublisher and the only one that replaces or
// closes the passage producer.
#include "plaza.h"

#include "central_uplink.h"
#include "shift_report.h"
#include "shutdown.h"
#include "stop_flag.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <utility>

namespace toll {

namespace {
constexpr std::int64_t kPayGraceMillis = 72LL * 3600 * 1000;
}

Plaza::Plaza(Config cfg)
    : cfg_(std::move(cfg)), producer_(kafka::createProducer(cfg_.brokers)),
      retry_(producer_, std::chrono::seconds(5)),
      events_(std::make_unique<EventPublisher>(producer_, cfg_.passageTopic, retry_)),
      forwarder_(cfg_.enforcementBrokers, cfg_.violationTopic), probe_(cfg_.healthTopic),
      journal_(cfg_.journalDir, cfg_.segmentBytes),
      billing_(cfg_.billingEndpoint, cfg_.billingToken, cfg_.billingSessions), pool_("lane-dispatch", 4),
      supervisor_(TariffTable{}) {}

Plaza::~Plaza() {
  if (intake_)
    intake_->stop();
}

Result Plaza::start() {
  Result r = readTariffFile(cfg_.tariffPath, tariff_);
  if (!r.ok())
    return r;
  supervisor_.publishTariff(tariff_);
  r = journal_.open();
  if (!r.ok())
    return r;
  r = billing_.fill();
  if (!r.ok())
    return r;
  for (const LaneEndpoint &ep : cfg_.lanes) {
    r = supervisor_.add(ep.lane, ep.host, ep.controlPort);
    if (!r.ok())
      return r;
    auto link = std::make_shared<LaneLink>(ep.lane);
    r = link->open(ep.host, ep.dataPort);
    if (!r.ok())
      return r;
    links_.attach(ep.lane, std::move(link));
    replies_.laneUp(ep.lane);
    totals_[ep.lane].lane = ep.lane;
  }
  auditUplink_ = std::make_shared<LaneLink>(kAuditLane);
  r = auditUplink_->open(cfg_.auditHost, cfg_.auditPort);
  if (!r.ok())
    return r;

  std::vector<CameraFeed> feeds;
  for (const CameraEndpoint &cam : cfg_.cameras)
    feeds.emplace_back(cam.id, cam.device);
  anpr_ = std::make_unique<AnprReader>(std::move(feeds));
  r = anpr_->start();
  if (!r.ok())
    return r;
  if (!cfg_.overviewCamera.device.empty()) {
    overview_.emplace(cfg_.overviewCamera.id, cfg_.overviewCamera.device);
    (void)overview_->open();
  }

  wireEnforcement();
  probe_.watch(producer_);
  retry_.start();
  forwarder_.start();
  intake_ = std::make_unique<LaneIntake>();
  intake_->start(links_);
  return Result::success();
}

void Plaza::runUntilStopped() {
  ConfigReloader reloader(*this, cfg_);
  auto nextProbe = std::chrono::steady_clock::now();
  while (!stopRequested()) {
    if (takeReloadRequest()) {
      Config next;
      Result r = loadConfig(cfg_.path, next);
      if (r.ok())
        reloader.apply(next);
      else
        std::fprintf(stderr, "reload: %s\n", r.error().c_str());
    }
    if (std::optional<Passage> p = intake_->inbox().popFor(std::chrono::milliseconds(200)))
      handlePassage(*p);
    const auto now = std::chrono::steady_clock::now();
    if (now >= nextProbe) {
      const Health h = probe_.probeOnce();
      if (h != Health::Up)
        std::fprintf(stderr, "health: kafka %s\n", toString(h));
      notifyExpiredUnpaid();
      nextProbe = now + std::chrono::seconds(5);
    }
  }
}

void Plaza::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  runShutdown(buildShutdownPlan(*this));
}

std::int64_t Plaza::tariffFor(VehicleClass cls) const {
  auto it = tariff_.centsByClass.find(cls);
  return it == tariff_.centsByClass.end() ? 0 : it->second;
}

void Plaza::handlePassage(const Passage &p) {
  const std::int64_t cents = tariffFor(p.cls);
  LaneTotals &t = totals_[p.lane];
  t.lane = p.lane;
  ++t.passages;
  if (p.tagId.empty()) {
    Violation v{p.lane, p.plate, p.tsMillis, "no transponder",
                "img/" + std::to_string(p.lane) + "/" + std::to_string(p.seq)};
    ++t.violations;
    unpaid_.push_back(v);
    events_->publishViolation(v);
    dispatch(p.lane, "DISPLAY PLEASE PAY ONLINE WITHIN 72H");
    return;
  }
  Transaction tx{nextTxId_++, p.lane, p.tsMillis, p.tagId, p.plate, cents};
  Result r = journal_.append(tx);
  if (!r.ok())
    std::fprintf(stderr, "journal: %s\n", r.error().c_str());
  r = billing_.charge(tx);
  if (!r.ok())
    replies_.route(LaneReply{p.lane, "BILLING " + r.error()});
  t.cents += cents;
  events_->publish(p, cents);
  dispatch(p.lane, "DISPLAY THANK YOU");
}

void Plaza::wireEnforcement() {
  notifier_.clear();
  std::shared_ptr<kafka::KafkaProducer> producer = producer_;
  const std::string topic = cfg_.violationTopic + ".expired";
  notifier_.subscribe([producer, topic](const Violation &v) {
    producer->send(kafka::ProducerRecord{topic, encodeViolation(v)}); // SAME: latenotify
  });
  notifier_.subscribe([this](const Violation &v) { forwarder_.forward(v); });
}

void Plaza::notifyExpiredUnpaid() {
  const std::int64_t cutoff = nowMillis() - kPayGraceMillis;
  auto expired = std::stable_partition(unpaid_.begin(), unpaid_.end(),
                                       [cutoff](const Violation &v) { return v.tsMillis >= cutoff; });
  for (auto it = expired; it != unpaid_.end(); ++it)
    notifier_.notify(*it);
  unpaid_.erase(expired, unpaid_.end());
}

void Plaza::drainPassages() {
  std::vector<Passage> left;
  intake_->stopAndDrain(left);
  for (const Passage &p : left)
    handlePassage(p);
}

void Plaza::writeShiftReport() {
  ShiftTotals shift;
  shift.shiftId = std::to_string(nowMillis() / 1000);
  shift.endMillis = nowMillis();
  shift.lanes = totals_;
  ShiftReport report(cfg_.reportDir);
  Result r = closeShift(report, shift, {}, {});
  if (!r.ok())
    std::fprintf(stderr, "shift report: %s\n", r.error().c_str());
  r = writeLaneCsv(cfg_.reportDir + "/lanes-" + shift.shiftId + ".csv", totals_);
  if (!r.ok())
    std::fprintf(stderr, "shift report: %s\n", r.error().c_str());
  publishShiftTotals(pool_, cfg_.brokers, shift);
}

void Plaza::replaceProducer(std::shared_ptr<kafka::KafkaProducer> next) {
  std::shared_ptr<kafka::KafkaProducer> old = std::exchange(producer_, std::move(next));
  events_ = std::make_unique<EventPublisher>(producer_, cfg_.passageTopic, retry_);
  wireEnforcement();
  probe_.watch(producer_);
  old->flush();
  old->close(); // SAME: retryrace
  producer_->send(kafka::ProducerRecord{cfg_.healthTopic, "producer replaced"}); // OK: producer_ is the new producer, only the old one was closed
}

void Plaza::replaceIntake(std::unique_ptr<LaneIntake> next) {
  std::vector<Passage> left;
  if (intake_)
    intake_->stopAndDrain(left);
  intake_ = std::move(next);
  for (const Passage &p : left)
    handlePassage(p);
}

void Plaza::replaceBilling(const std::string &endpoint, const std::string &token, std::size_t size) {
  billing_ = BillingPool(endpoint, token, size);
}

} // namespace toll

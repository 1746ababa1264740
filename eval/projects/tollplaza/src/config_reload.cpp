// Configuration reload (SIGHUP): the components whose settings changed are
// replaced while the plaza keeps running.
#include "config.h"

#include "plaza.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <utility>

namespace toll {

ConfigReloader::ConfigReloader(Plaza &plaza, Config current) : plaza_(plaza), current_(std::move(current)) {}

void ConfigReloader::apply(const Config &next) {
  applyBrokers(next);
  applyUplink(next);
  applyCameras(next);
  applyBilling(next);
  applyIntake(next);
  current_ = next;
  plaza_.setConfig(next);
}

void ConfigReloader::applyBrokers(const Config &next) {
  if (next.brokers == current_.brokers)
    return;
  plaza_.replaceProducer(std::shared_ptr<kafka::KafkaProducer>(kafka::createProducer(next.brokers)));
}

void ConfigReloader::applyUplink(const Config &next) {
  std::shared_ptr<LaneLink> &uplink = plaza_.auditUplink();
  if (uplink && uplink->isOpen()) {
    uplink->send("RELOAD v" + std::to_string(next.version));
    uplink->close();
  }
  if (!uplink || next.auditHost != current_.auditHost || next.auditPort != current_.auditPort) {
    auto fresh = std::make_shared<LaneLink>(kAuditLane);
    Result r = fresh->open(next.auditHost, next.auditPort);
    if (!r.ok()) {
      std::fprintf(stderr, "reload: audit uplink: %s\n", r.error().c_str());
      return;
    }
    uplink = std::move(fresh);
  }
  uplink->send("CONFIG v" + std::to_string(next.version) + " lanes=" + std::to_string(next.lanes.size())); // BUG: use-after-close
}

void ConfigReloader::applyCameras(const Config &next) {
  if (next.overviewCamera.device == current_.overviewCamera.device)
    return;
  std::optional<CameraFeed> &overview = plaza_.overviewCamera();
  if (overview)
    overview->stop();
  overview.emplace(next.overviewCamera.id, next.overviewCamera.device);
  Result r = overview->open(); // OK: emplace() built a new feed in place of the stopped one
  if (!r.ok()) {
    std::fprintf(stderr, "reload: overview camera: %s\n", r.error().c_str());
    overview.reset();
  }
}

void ConfigReloader::applyBilling(const Config &next) {
  if (next.billingEndpoint == current_.billingEndpoint && next.billingToken == current_.billingToken &&
      next.billingSessions == current_.billingSessions)
    return;
  plaza_.billing().closeAll();
  plaza_.replaceBilling(next.billingEndpoint, next.billingToken, next.billingSessions);
  Result r = plaza_.billing().fill(); // OK: replaceBilling() installed a new pool after the old sessions were closed
  if (!r.ok())
    std::fprintf(stderr, "reload: billing: %s\n", r.error().c_str());
}

void ConfigReloader::applyIntake(const Config &next) {
  std::set<LaneId> before;
  std::set<LaneId> after;
  for (const LaneEndpoint &ep : current_.lanes)
    before.insert(ep.lane);
  for (const LaneEndpoint &ep : next.lanes)
    after.insert(ep.lane);
  if (before == after)
    return;

  LinkTable &links = plaza_.links();
  for (LaneId lane : before) {
    if (after.count(lane) != 0)
      continue;
    if (std::shared_ptr<LaneLink> gone = links.detach(lane))
      gone->close();
  }
  for (const LaneEndpoint &ep : next.lanes) {
    if (before.count(ep.lane) != 0)
      continue;
    auto link = std::make_shared<LaneLink>(ep.lane);
    Result r = link->open(ep.host, ep.dataPort);
    if (!r.ok()) {
      std::fprintf(stderr, "reload: lane %d: %s\n", ep.lane, r.error().c_str());
      continue;
    }
    links.attach(ep.lane, std::move(link));
  }
  // The intake has one reader per link: rebuild it for the new lane set.
  plaza_.replaceIntake(std::make_unique<LaneIntake>());
  plaza_.intake().start(links); // OK: replaceIntake() installed a new intake; only the old one was stopped
}

} // namespace toll

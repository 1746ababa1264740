// The toll plaza: owns every component. Members are destroyed in the reverse
// of their declaration order; stop() runs the shutdown plan, the destructor
// only stops the lane intake when stop() was not reached (an exception left
// runUntilStopped()).
#pragma once
#include "billing.h"
#include "camera_feed.h"
#include "config.h"
#include "enforcement.h"
#include "journal.h"
#include "lane_agent.h"
#include "lane_intake.h"
#include "link_table.h"
#include "reply_router.h"
#include "result.h"
#include "toll_events.h"
#include "types.h"
#include "worker_pool.h"

#include <messaging.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace toll {

constexpr LaneId kAuditLane = 0;

class Plaza {
public:
  explicit Plaza(Config cfg);
  ~Plaza();
  Plaza(const Plaza &) = delete;
  Plaza &operator=(const Plaza &) = delete;

  Result start();
  void runUntilStopped();
  void stop();

  const Config &config() const { return cfg_; }
  void setConfig(Config cfg) { cfg_ = std::move(cfg); }

  LinkTable &links() { return links_; }
  LaneSupervisor &supervisor() { return supervisor_; }
  Journal &journal() { return journal_; }
  BillingPool &billing() { return billing_; }
  RetryTimer &retry() { return retry_; }
  ViolationForwarder &forwarder() { return forwarder_; }
  HealthProbe &probe() { return probe_; }
  WorkerPool &pool() { return pool_; }
  LaneIntake &intake() { return *intake_; }
  AnprReader &anpr() { return *anpr_; }
  ReplyRouter &replies() { return replies_; }
  std::shared_ptr<kafka::KafkaProducer> producer() const { return producer_; }
  std::shared_ptr<LaneLink> &auditUplink() { return auditUplink_; }
  std::optional<CameraFeed> &overviewCamera() { return overview_; }
  const std::map<LaneId, LaneTotals> &totals() const { return totals_; }

  void replaceProducer(std::shared_ptr<kafka::KafkaProducer> next);
  void replaceIntake(std::unique_ptr<LaneIntake> next);
  void replaceBilling(const std::string &endpoint, const std::string &token, std::size_t size);

  // plaza_dispatch.cpp
  void dispatch(LaneId lane, std::string frame);
  void quarantineLane(LaneId lane, const std::string &reason);
  void laneRecovered(LaneId lane, std::shared_ptr<LaneLink> fresh);

  void notifyExpiredUnpaid();
  void drainPassages();
  void writeShiftReport();

private:
  void handlePassage(const Passage &p);
  void wireEnforcement();
  std::int64_t tariffFor(VehicleClass cls) const;

  Config cfg_;
  TariffTable tariff_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  RetryTimer retry_;
  std::unique_ptr<EventPublisher> events_;
  EnforcementNotifier notifier_;
  ViolationForwarder forwarder_;
  HealthProbe probe_;
  Journal journal_;
  BillingPool billing_;
  WorkerPool pool_;
  LinkTable links_;
  std::shared_ptr<LaneLink> auditUplink_;
  LaneSupervisor supervisor_;
  ReplyRouter replies_;
  std::unique_ptr<LaneIntake> intake_;
  std::unique_ptr<AnprReader> anpr_;
  std::optional<CameraFeed> overview_;
  std::vector<Violation> unpaid_;
  std::map<LaneId, LaneTotals> totals_;
  std::uint64_t nextTxId_ = 1;
  bool stopped_ = false;
};

} // namespace toll

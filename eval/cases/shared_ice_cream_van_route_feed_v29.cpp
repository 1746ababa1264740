// Ice cream van fleet: each van's position and jingle stops are published to Kafka
// through the fleet hub's producer. When the primary broker cluster degrades, the hub
// flushes and closes its producer and switches to a producer on the backup cluster;
// the components of a shift either ask the hub for its producer or keep a copy.
#include "messaging.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

using ProducerPtr = std::shared_ptr<kafka::KafkaProducer>;

struct VanFix {
  std::string van;
  double lat = 0.0;
  double lon = 0.0;
  std::string street;
};

class FleetHub {
public:
  explicit FleetHub(const std::string &brokers) : producer_(kafka::createProducer(brokers)) {}
  ProducerPtr producer() const { return producer_; }
  void switchCluster(const std::string &brokers);

private:
  ProducerPtr producer_;
};

void FleetHub::switchCluster(const std::string &brokers) {
  producer_->flush();
  producer_->close();
  producer_ = ProducerPtr(kafka::createProducer(brokers));
  producer_->send({"fleet.ops", "switched to " + brokers}); // OK
}

class PositionReporter {
public:
  explicit PositionReporter(FleetHub &hub) : hub_(hub) {}
  void report(const VanFix &f) {
    const std::string v = f.van + "|" + std::to_string(f.lat) + "|" + std::to_string(f.lon);
    hub_.producer()->send({"van.position", v}); // OK
    ++sent_;
  }
  int sent() const { return sent_; }

private:
  FleetHub &hub_;
  int sent_ = 0;
};

class JingleScheduler {
public:
  explicit JingleScheduler(ProducerPtr out) : out_(std::move(out)) {}
  void stopAt(const VanFix &f, int minutes) {
    out_->send({"van.jingle", f.van + "|" + f.street + "|" + std::to_string(minutes)}); // SAME: stale_copy
  }

private:
  ProducerPtr out_;
};

class DepotWatch {
public:
  explicit DepotWatch(const ProducerPtr &p) : weak_(p) {}
  void vanReturned(const std::string &van) {
    ProducerPtr p = weak_.lock();
    if (!p || p->isClosed())
      return;
    p->send({"van.depot", van + "|in"}); // OK
  }

private:
  std::weak_ptr<kafka::KafkaProducer> weak_;
};

static bool broker_degraded(int failures, int window) { return window > 0 && failures * 4 > window; }

int run_shift(FleetHub &hub, const std::vector<VanFix> &fixes, const std::string &backup_brokers,
              const std::vector<int> &send_failures) {
  PositionReporter positions(hub);
  JingleScheduler jingles(hub.producer());
  DepotWatch depot(hub.producer());
  bool switched = false;

  for (size_t i = 0; i < fixes.size(); ++i) {
    const VanFix &f = fixes[i];
    positions.report(f);
    if (!f.street.empty())
      jingles.stopAt(f, 5); // BUG: use-after-close #stale_copy
    const int failures = i < send_failures.size() ? send_failures[i] : 0;
    if (!switched && broker_degraded(failures, 20)) {
      hub.switchCluster(backup_brokers);
      switched = true;
    }
  }
  for (const VanFix &f : fixes)
    depot.vanReturned(f.van); // OK
  return positions.sent();
}

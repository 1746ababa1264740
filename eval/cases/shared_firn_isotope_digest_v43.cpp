// Ice-core field camp telemetry. The drill controller and the isotope lab
// each own a Kafka producer through a std::shared_ptr; the satellite scheduler
// keeps only std::weak_ptr to them and, every hour, publishes a digest to
// whichever producer is still alive. The lab is the sole owner of its
// producer and drops it when it shuts down; the drill controller, before a
// storm, closes its producer but keeps holding it to reopen the feed later.
#include "messaging.h"

#include <memory>
#include <string>
#include <utility>

namespace fieldcamp {

class SatelliteScheduler {
public:
  void attachDrillFeed(const std::shared_ptr<kafka::KafkaProducer> &p) { drillFeed_ = p; }
  void attachIsotopeFeed(const std::shared_ptr<kafka::KafkaProducer> &p) { isotopeFeed_ = p; }
  void hourlyDigest(const std::string &digest);

private:
  std::weak_ptr<kafka::KafkaProducer> drillFeed_;
  std::weak_ptr<kafka::KafkaProducer> isotopeFeed_;
};

void SatelliteScheduler::hourlyDigest(const std::string &digest) {
  if (auto drill = drillFeed_.lock())
    drill->send({"camp.drill.digest", digest}); // SAME: stormdigest
  if (auto lab = isotopeFeed_.lock())
    lab->send({"camp.isotope.digest", digest}); // OK
}

class DrillController {
public:
  explicit DrillController(const std::string &brokers)
      : feed_(std::make_shared<kafka::KafkaProducer>(brokers)) {}
  const std::shared_ptr<kafka::KafkaProducer> &feed() const { return feed_; }

  void reportDepth(double metres) {
    if (suspended_)
      return;
    feed_->send({"camp.drill.depth", std::to_string(metres)});
  }
  void suspendForStorm() {
    feed_->flush();
    feed_->close();
    suspended_ = true;
  }

private:
  std::shared_ptr<kafka::KafkaProducer> feed_;
  bool suspended_ = false;
};

class IsotopeLab {
public:
  explicit IsotopeLab(const std::string &brokers)
      : feed_(kafka::createProducer(brokers)) {}
  std::shared_ptr<kafka::KafkaProducer> feed() const { return feed_; }

  void publishDeltaO18(double permil) {
    if (!feed_)
      return;
    feed_->send({"camp.isotope.d18o", std::to_string(permil)});
  }
  void shutDown() {
    if (!feed_)
      return;
    feed_->flush();
    feed_->close();
    feed_.reset();
  }

private:
  std::shared_ptr<kafka::KafkaProducer> feed_;
};

void runStormProtocol(const std::string &brokers) {
  DrillController drill(brokers);
  IsotopeLab lab(brokers);
  SatelliteScheduler sched;
  sched.attachDrillFeed(drill.feed());
  sched.attachIsotopeFeed(lab.feed());

  drill.reportDepth(2873.4);
  lab.publishDeltaO18(-34.2);
  sched.hourlyDigest("firn density profile uploaded");

  lab.shutDown();
  lab.publishDeltaO18(-34.9);
  sched.hourlyDigest("isotope lab offline"); // OK

  drill.suspendForStorm();
  drill.reportDepth(2873.9); // OK
  sched.hourlyDigest("storm: drilling suspended"); // BUG: use-after-close #stormdigest
}

} // namespace fieldcamp

// Real-time bidding win-notice reporter. Win notices go to Kafka through a
// primary producer; a warm standby producer is kept on a second cluster. A
// broker rotation replaces the primary with a fresh producer from
// kafka::createProducer; a failover swaps primary and standby and retires the
// old primary. send() on a closed KafkaProducer fails.
// Defects: forceFailover() closes the standby *before* swapping, so the
// promoted primary is the closed producer; drainAndStop() publishes its final
// statistics record after closing the primary.
#include "messaging.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct WinNotice {
  std::string auctionId;
  std::string seat;
  std::int64_t priceMicros = 0;

  std::string toJson() const {
    return "{\"auction\":\"" + auctionId + "\",\"seat\":\"" + seat +
           "\",\"price\":" + std::to_string(priceMicros) + "}";
  }
};

class WinNoticeReporter {
public:
  WinNoticeReporter(std::string primaryBrokers, std::string standbyBrokers)
      : standbyBrokers_(std::move(standbyBrokers)),
        primary_(kafka::createProducer(primaryBrokers)),
        standby_(kafka::createProducer(standbyBrokers_)) {}

  void report(const WinNotice &n) {
    primary_->send({"rtb.wins", n.toJson()});
    ++sent_;
  }

  // Config push: the primary cluster moved to a new broker list.
  void rotateBrokers(const std::string &brokers) {
    primary_->flush();
    primary_->close();
    primary_ = kafka::createProducer(brokers);
    primary_->send({"rtb.control", "rotated"}); // OK: primary_ is a fresh producer
  }

  // Health checker: promote the standby and retire the old primary.
  void failover() {
    std::swap(primary_, standby_);
    standby_->flush();
    standby_->close();
    primary_->send({"rtb.control", "failover"}); // OK: the promoted standby is open
    standby_ = kafka::createProducer(standbyBrokers_);
    standby_->send({"rtb.control", "standby-ready"}); // OK: re-created after close
  }

  // Manual-override endpoint, same intent as failover().
  void forceFailover() {
    standby_->flush();
    standby_->close();
    std::swap(primary_, standby_);
    primary_->send({"rtb.control", "forced-failover"}); // BUG: use-after-close
  }

  void heartbeat() {
    if (!primary_->isClosed())
      primary_->send({"rtb.control", "hb"}); // OK: guarded by isClosed()
  }

  void drainAndStop() {
    primary_->flush();
    primary_->close();
    standby_->close();
    primary_->send({"rtb.stats", std::to_string(sent_)}); // BUG: use-after-close
  }

private:
  std::string standbyBrokers_;
  std::unique_ptr<kafka::KafkaProducer> primary_;
  std::unique_ptr<kafka::KafkaProducer> standby_;
  std::uint64_t sent_ = 0;
};

enum class AdminCommand { None, Rotate, Failover };

void runExchangeShard(const std::vector<WinNotice> &wins, AdminCommand cmd,
                      const std::string &newBrokers) {
  WinNoticeReporter reporter("kafka-a1:9092,kafka-a2:9092",
                             "kafka-b1:9092,kafka-b2:9092");
  std::size_t half = wins.size() / 2;
  for (std::size_t i = 0; i < half; ++i)
    reporter.report(wins[i]);

  switch (cmd) {
  case AdminCommand::Rotate:
    reporter.rotateBrokers(newBrokers);
    break;
  case AdminCommand::Failover:
    reporter.failover();
    break;
  case AdminCommand::None:
    break;
  }

  for (std::size_t i = half; i < wins.size(); ++i)
    reporter.report(wins[i]);
  reporter.heartbeat();
  reporter.drainAndStop();
}

// Operator pressed "fail over now" on a shard that is being torn down: the
// supervisor builds a new shard afterwards, this reporter is not used again.
void handleOperatorOverride(std::unique_ptr<WinNoticeReporter> reporter) {
  reporter->forceFailover();
}

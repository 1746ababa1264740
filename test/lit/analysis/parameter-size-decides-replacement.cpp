// A method that closes its producer and installs a fresh one only for a
// non-empty list of standby brokers (`if (!standby.empty())`) leaves the
// member closed exactly where its parameter is empty: the summary's close
// needs `standby.size() == 0` on entry, and a caller that has ruled that
// out (`if (cfg.standby.empty()) throw;`, a guard on its own parameter, a
// vector it just filled) sends on the fresh producer. A caller that passes
// whatever it was given, or a list it knows to be empty, sends on the
// closed one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
#include "streaming.h"

struct BerthConfig {
  std::string standby;
  std::vector<std::string> spares;
};

class BerthUplink {
public:
  void failover(const std::string &standby);
  void rotate(const std::vector<std::string> &spares);
  void publish(const std::string &line) { producer_->send({"berth", line}); }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_ =
      std::make_unique<kafka::KafkaProducer>();
};

void BerthUplink::failover(const std::string &standby) {
  producer_->close();
  if (!standby.empty())
    producer_ = std::make_unique<kafka::KafkaProducer>();
}

void BerthUplink::rotate(const std::vector<std::string> &spares) {
  producer_->close();
  if (spares.size() != 0)
    producer_ = std::make_unique<kafka::KafkaProducer>();
}

void afterReturnGuard(BerthUplink &u, const BerthConfig &cfg) {
  if (cfg.standby.empty())
    return;
  u.failover(cfg.standby);
  u.publish("moored");
}

void afterThrowGuard(BerthUplink &u, const std::string &standby) {
  if (standby.empty())
    throw std::invalid_argument("no standby cluster");
  u.failover(standby);
  u.publish("moored");
}

void inHandler(BerthUplink &u, const BerthConfig &cfg) {
  try {
    u.publish("load");
  } catch (const std::exception &) {
    if (cfg.standby.empty())
      throw;
    u.failover(cfg.standby);
    u.publish("load");
  }
}

void vectorGuard(BerthUplink &u, const BerthConfig &cfg) {
  if (cfg.spares.empty())
    return;
  u.rotate(cfg.spares);
  u.publish("rotated");
}

void unguarded(BerthUplink &u, const std::string &standby) {
  u.failover(standby);
  u.publish("moored");
  // CHECK: [[@LINE-1]]:5: warning: call to 'publish' uses 'u.producer_' that may have been closed
}

void knownEmpty(BerthUplink &u, const BerthConfig &cfg) {
  if (!cfg.spares.empty())
    return;
  u.rotate(cfg.spares);
  u.publish("rotated");
  // CHECK: [[@LINE-1]]:5: warning: call to 'publish' uses 'u.producer_' after it was closed
}

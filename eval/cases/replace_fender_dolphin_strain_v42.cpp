// Berth monitoring at a tanker jetty: load cells on the mooring hooks of each
// breasting dolphin stream strain readings over a serial line, and the monitor
// publishes them to Kafka. A silent line is closed and reopened; on a broker
// failover the producer is closed and replaced by a fresh one.
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <string>
#include <system_error>
#include <unistd.h>

#include "messaging.h"

struct StrainReading {
  int hook;
  double tonnes;
};

class DolphinStrainMonitor {
public:
  DolphinStrainMonitor(std::string device, const std::string &brokers)
      : device_(std::move(device)), uplink_(kafka::createProducer(brokers)) {
    openLine();
  }
  ~DolphinStrainMonitor() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  StrainReading read();
  void publish(const StrainReading &r);
  void failover(const std::string &standbyBrokers);
  void rebuildUplink(const std::string &brokers);

private:
  void openLine() {
    fd_ = ::open(device_.c_str(), O_RDONLY | O_NOCTTY);
    if (fd_ < 0)
      throw std::system_error(errno, std::generic_category(), "open " + device_);
  }

  std::string device_;
  int fd_ = -1;
  std::unique_ptr<kafka::KafkaProducer> uplink_;
};

StrainReading DolphinStrainMonitor::read() {
  char line[48] = {};
  ssize_t n = ::read(fd_, line, sizeof line - 1);
  if (n <= 0) {
    ::close(fd_);
    fd_ = -1;
    openLine();
    n = ::read(fd_, line, sizeof line - 1); // OK: openLine() reopened or threw
    if (n <= 0)
      return {-1, 0.0};
  }
  char *end = nullptr;
  int hook = static_cast<int>(std::strtol(line, &end, 10));
  return {hook, std::strtod(end, nullptr)};
}

void DolphinStrainMonitor::publish(const StrainReading &r) {
  uplink_->send({"jetty.strain", std::to_string(r.hook) + ":" + std::to_string(r.tonnes)});
}

void DolphinStrainMonitor::rebuildUplink(const std::string &brokers) {
  uplink_->flush();
  uplink_->close();
  uplink_ = kafka::createProducer(brokers);
  uplink_->send({"jetty.strain", "uplink rebuilt"}); // OK: a new producer
}

void DolphinStrainMonitor::failover(const std::string &standbyBrokers) {
  uplink_->flush();
  uplink_->close();
  if (!standbyBrokers.empty())
    uplink_ = kafka::createProducer(standbyBrokers);
  uplink_->send({"jetty.strain", "failover to [" + standbyBrokers + "]"}); // BUG: use-after-close
}

struct JettyConfig {
  std::string brokers;
  std::string standbyBrokers; // empty at jetties without a standby cluster
};

void onBrokerAlarm(DolphinStrainMonitor &monitor, const JettyConfig &cfg) {
  monitor.failover(cfg.standbyBrokers);
}

void watchBerth(DolphinStrainMonitor &monitor, const JettyConfig &cfg, int readings) {
  for (int i = 0; i < readings; ++i) {
    StrainReading r = monitor.read();
    if (r.hook < 0)
      continue;
    try {
      monitor.publish(r);
    } catch (const std::exception &) {
      if (cfg.standbyBrokers.empty())
        throw;
      monitor.failover(cfg.standbyBrokers);
      monitor.publish(r); // OK: failover() installed a fresh producer
    }
  }
}

// Taxidermy studio order tracking. Order events go to Kafka, a per-day order
// log is kept as a stdio file and a tag printer is driven over a descriptor.
// Handles are rotated when the broker list changes, at day rollover and when
// the printer is swapped. Negative case: every handle that is closed is
// replaced by a freshly created one on every path before it is used again.
#include "messaging.h"

#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

namespace taxidermy {

struct Order {
  std::string specimen;
  std::string client;
  int days = 0;
};

class OrderDesk {
public:
  explicit OrderDesk(std::string brokers)
      : brokers_(std::move(brokers)), events_(kafka::createProducer(brokers_)) {}

  void rebalance(const std::string &brokers, const Order &pending) {
    events_->flush();
    events_->close();
    brokers_ = brokers;
    events_ = std::make_unique<kafka::KafkaProducer>(brokers_);
    events_->send({"orders", pending.specimen}); // OK
  }

  void failover(bool useStandby, const Order &pending) {
    events_->close();
    if (useStandby)
      events_ = kafka::createProducer(standby_);
    else
      events_ = kafka::createProducer(brokers_);
    events_->send({"orders.retry", pending.client}); // OK
  }

  void accept(const Order &o) { events_->send({"orders", o.specimen + "/" + o.client}); }

private:
  std::string brokers_;
  std::string standby_ = "standby-1:9092";
  std::unique_ptr<kafka::KafkaProducer> events_;
};

bool logDay(const std::vector<std::vector<Order>> &days) {
  std::string path = "orders-day0.log";
  FILE *log = std::fopen(path.c_str(), "a");
  if (!log)
    return false;
  for (std::size_t d = 0; d < days.size(); ++d) {
    if (d > 0) {
      std::fclose(log);
      path = "orders-day" + std::to_string(d) + ".log";
      log = std::fopen(path.c_str(), "a");
      if (!log)
        return false;
    }
    for (const Order &o : days[d])
      std::fprintf(log, "%s\t%s\t%d\n", o.specimen.c_str(), o.client.c_str(), o.days); // OK
  }
  std::fclose(log);
  return true;
}

bool printTags(const std::vector<Order> &orders, const char *primary, const char *spare) {
  int fd = ::open(primary, O_WRONLY | O_APPEND);
  if (fd < 0)
    return false;
  for (const Order &o : orders) {
    std::string tag = o.specimen + "\n";
    if (::write(fd, tag.data(), tag.size()) < 0) {
      ::close(fd);
      fd = ::open(spare, O_WRONLY | O_APPEND);
      if (fd < 0)
        return false;
      if (::write(fd, tag.data(), tag.size()) < 0) { // OK
        ::close(fd);
        return false;
      }
    }
  }
  return ::close(fd) == 0; // OK
}

} // namespace taxidermy

// Sensor link of a museum icehouse: the ice stacks packed in sawdust carry
// temperature and meltwater probes that report to the curator's station over
// net::Connection. The link is replaced after every close: by make_unique on
// reconnect, by assigning a fresh Connection in the nightly rotation, and by
// std::optional reset/emplace for the meltwater channel; the paths that close
// without replacing return right away. No send reaches a closed connection.
#include "netconn.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

struct StackReading {
  int stack;
  double coreC;
  double meltLitres;
};

class IcehouseLink {
public:
  explicit IcehouseLink(std::string station)
      : station_(std::move(station)),
        probes_(std::make_unique<net::Connection>(station_ + "/probes")),
        ledger_(station_ + "/ledger") {
    melt_.emplace(station_ + "/melt");
  }

  void report(const StackReading &r) {
    if (probes_->isClosed())
      reconnect();
    probes_->send(encode(r)); // OK
    if (r.meltLitres > 0.0)
      melt_->send(std::to_string(r.stack) + ":" + std::to_string(r.meltLitres));
  }

  void reconnect() {
    probes_->close();
    probes_ = std::make_unique<net::Connection>(station_ + "/probes");
    probes_->send("hello icehouse"); // OK
  }

  void nightlyRotate(int night) {
    ledger_.flush();
    ledger_.close();
    ledger_ = net::Connection(station_ + "/ledger-" + std::to_string(night));
    ledger_.send("night " + std::to_string(night)); // OK
  }

  void meltAlarm(double litres) {
    melt_->send("ALARM " + std::to_string(litres));
    melt_->close();
    melt_.reset();
    melt_.emplace(station_ + "/melt");
    melt_->send("rearmed"); // OK
  }

  void doorOpened(bool winter) {
    probes_->close();
    if (!winter)
      return;
    probes_ = std::make_unique<net::Connection>(station_ + "/probes");
    probes_->send("door open, winter mode"); // OK
  }

  void flushAll(const std::vector<StackReading> &batch) {
    if (probes_->isClosed())
      probes_ = std::make_unique<net::Connection>(station_ + "/probes");
    for (const StackReading &r : batch)
      probes_->send(encode(r)); // OK
    probes_->flush(); // OK
  }

private:
  static std::string encode(const StackReading &r) {
    return std::to_string(r.stack) + "," + std::to_string(r.coreC);
  }

  std::string station_;
  std::unique_ptr<net::Connection> probes_;
  net::Connection ledger_;
  std::optional<net::Connection> melt_;
};

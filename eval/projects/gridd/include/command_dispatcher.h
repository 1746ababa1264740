// Relay orders from the billing system (disconnect for non-payment,
// reconnect after payment, final reads). The billing system drops order
// files into a spool directory; each file is applied in order and answered
// with a receipts file. Orders for offline meters are parked until the
// meter reconnects.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "audit_log.h"
#include "billing_publisher.h"
#include "link_table.h"
#include "status.h"
#include "tamper_monitor.h"

struct RelayOrder {
  std::string orderId;
  std::string meterId;
  MeterCommand cmd = MeterCommand::ReadNow;
};

class CommandDispatcher {
public:
  CommandDispatcher(LinkTable &links, const TamperMonitor &tamper, AuditLog &audit,
                    std::string spoolDir);

  void bind(std::shared_ptr<BillingPublisher> publisher);
  std::size_t scanSpool();
  Status apply(const RelayOrder &order);
  std::size_t replayParked(const std::string &meterId);
  void onAck(const std::string &meterId, std::uint32_t seq);
  std::size_t parked() const { return parked_.size(); }

private:
  bool loadOrders(const std::string &path, std::vector<RelayOrder> &out);
  std::size_t processFile(const std::string &path, const std::vector<RelayOrder> &orders);
  void confirm(const RelayOrder &order, const char *outcome);

  LinkTable &links_;
  const TamperMonitor &tamper_;
  AuditLog &audit_;
  const std::string spoolDir_;
  std::shared_ptr<BillingPublisher> publisher_;
  std::vector<RelayOrder> parked_;
  std::map<std::string, RelayOrder> inflight_;
};

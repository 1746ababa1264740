// End-of-day output for the operators: a summary file per operator, the settlement files,
// and a notification to the operators' clearing endpoint.
#pragma once
#include "ledger.h"
#include "netconn.h"
#include "status.h"
#include "tap_event.h"

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace farecol {

class Diagnostics;
class PublisherSlot;

class OperatorExporter {
public:
  OperatorExporter(std::string outDir, Ledger &ledger, PublisherSlot &publisher, Diagnostics &diag);

  Status exportSummaries(const ServiceDay &day, const std::vector<OperatorTotals> &totals);
  Status exportSettlement(const ServiceDay &day, const std::string &operatorId,
                          const std::vector<SettlementLine> &late);
  Status appendClearingLedger(const ServiceDay &day, const std::vector<OperatorTotals> &totals);
  void reconfigureNotify(const std::string &endpoint);
  void notifyOperators(const std::string &message);

private:
  const std::string outDir_;
  Ledger &ledger_;
  PublisherSlot &publisher_;
  Diagnostics &diag_;
  std::mutex mutex_;
  std::optional<net::Connection> notify_;
};

} // namespace farecol

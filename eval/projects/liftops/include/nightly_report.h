// NightlyReport: the end-of-day operations report (lifts, weather, sales,
// patrol incidents), archived in the background on the crew pool.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "crew_pool.h"
#include "report_writer.h"
#include "sales_terminal.h"
#include "ticket_ledger.h"

namespace liftops {

class NightlyReport {
public:
  NightlyReport(std::shared_ptr<SalesTerminal> terminal,
                std::shared_ptr<TicketLedger> ledger, std::shared_ptr<CrewPool> pool,
                std::string dir);

  void countIncident() { ++incidents_; }
  void noteLift(const std::string &note);
  void setWeatherSummary(std::string summary) { weather_ = std::move(summary); }
  Status run(const std::string &day);
  void archiveAsync(const std::string &day);

private:
  std::shared_ptr<SalesTerminal> terminal_;
  std::shared_ptr<TicketLedger> ledger_;
  std::shared_ptr<CrewPool> pool_;
  std::string dir_;
  ReportWriter writer_;
  std::atomic<int> incidents_{0};
  std::mutex notesMu_;
  std::vector<std::string> liftNotes_;
  std::string weather_;
};

} // namespace liftops

// NightlyReport: writes lifts, weather and sales sections, closes the day's
// sales (SalesTerminal::endOfDay closes the shared ledger), reads the ledger
// totals from memory afterwards, and finishes the report file before
// appending the patrol section. archiveAsync() hands compression to the
// crew pool.
#include "nightly_report.h"

#include <cstdlib>
#include <utility>

#include "report_util.h"

namespace liftops {

NightlyReport::NightlyReport(std::shared_ptr<SalesTerminal> terminal,
                             std::shared_ptr<TicketLedger> ledger,
                             std::shared_ptr<CrewPool> pool, std::string dir)
    : terminal_(std::move(terminal)), ledger_(std::move(ledger)), pool_(std::move(pool)),
      dir_(std::move(dir)) {}

void NightlyReport::noteLift(const std::string &note) {
  std::lock_guard<std::mutex> lock(notesMu_);
  liftNotes_.push_back(note);
}

Status NightlyReport::run(const std::string &day) {
  Status st = writer_.begin(dir_ + "/ops-" + day + ".txt");
  if (!st.isOk())
    return st;
  std::string lifts;
  {
    std::lock_guard<std::mutex> lock(notesMu_);
    for (const std::string &note : liftNotes_)
      lifts += note + "\n";
  }
  writer_.section("Lifts", lifts.empty() ? "no status changes" : lifts);
  writer_.section("Weather", weather_.empty() ? "no readings" : weather_);
  terminal_->endOfDay(dir_ + "/sales-" + day + ".csv");
  writer_.section("Sales", formatTotals(ledger_->totals())); // OK: totals() reads memory, valid after the ledger closed
  st = writer_.finish();
  int incidents = incidents_.load();
  if (incidents > 0)
    writer_.section("Patrol", std::to_string(incidents) + " incidents dispatched"); // BUG: use-after-close
  return st;
}

void NightlyReport::archiveAsync(const std::string &day) {
  std::string path = dir_ + "/ops-" + day + ".txt";
  pool_->submit([path] { // SAME: archive-pool
    std::string command = "gzip -9 '" + path + "'";
    if (std::system(command.c_str()) != 0)
      std::fprintf(stderr, "archive of %s failed\n", path.c_str());
  });
}

} // namespace liftops

// End-of-day files for the operators: per-operator summaries, settlement CSVs, the
// clearing ledger shared with the clearing house, and the operators' notification link.
#include "operator_export.h"
#include "diagnostics.h"
#include "journey_publisher.h"
#include "settlement_writer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>

namespace farecol {
namespace {

void writeRows(std::FILE *out, const std::map<std::string, ProductTotals> &rows) {
  for (const auto &entry : rows) {
    const auto journeys = static_cast<unsigned long long>(entry.second.journeys);
    const auto cents = static_cast<long long>(entry.second.cents);
    std::fprintf(out, "%s,%llu,%lld\n", entry.first.c_str(), journeys, cents); // SAME: exportrows
  }
}

} // namespace

OperatorExporter::OperatorExporter(std::string outDir, Ledger &ledger, PublisherSlot &publisher, Diagnostics &diag)
    : outDir_(std::move(outDir)), ledger_(ledger), publisher_(publisher), diag_(diag) {}

Status OperatorExporter::exportSummaries(const ServiceDay &day, const std::vector<OperatorTotals> &totals) {
  std::size_t failures = 0;
  for (const OperatorTotals &op : totals) {
    const std::string path = outDir_ + "/" + op.operatorId + "-" + day.str() + ".sum";
    std::FILE *out = std::fopen(path.c_str(), "w");
    if (!out) {
      diag_.error("cannot create %s: %s", path.c_str(), std::strerror(errno));
      ++failures;
      continue;
    }
    if (std::fprintf(out, "operator,%s\nday,%s\ngross,%lld\n", op.operatorId.c_str(), day.str().c_str(),
                     static_cast<long long>(op.grossCents)) < 0) {
      diag_.error("cannot write the header of %s", path.c_str());
      std::fclose(out);
      ++failures;
    }
    writeRows(out, op.byProduct); // BUG: use-after-close #exportrows
    if (std::fclose(out) != 0) { // BUG: double-close
      diag_.error("closing %s: %s", path.c_str(), std::strerror(errno));
      ++failures;
    }
  }
  if (failures != 0)
    return Status::ioError(0, std::to_string(failures) + " operator summaries failed");
  return Status::success();
}

Status OperatorExporter::exportSettlement(const ServiceDay &day, const std::string &operatorId,
                                          const std::vector<SettlementLine> &late) {
  const std::string name = operatorId + "-" + day.str() + ".csv";
  SettlementWriter writer(outDir_ + "/" + name);
  Status st = writer.open();
  if (st.failed())
    return st;
  for (const SettlementLine &line : ledger_.settlementLines(operatorId))
    writer.writeLine(line);
  st = writer.finish();
  if (st.failed())
    return st;
  for (const SettlementLine &adjustment : late)
    writer.writeLine(adjustment); // BUG: use-after-close #lateadj

  std::shared_ptr<JourneyPublisher> publisher = publisher_.get();
  if (publisher && !publisher->isClosed())
    publisher->publishSettlement(SettlementEvent{operatorId, day.str(), writer.grossCents(), writer.rows(), name}); // OK
  notifyOperators("settlement " + name + " ready");
  return st;
}

Status OperatorExporter::appendClearingLedger(const ServiceDay &day, const std::vector<OperatorTotals> &totals) {
  if (totals.empty())
    return Status::success();
  const std::string path = outDir_ + "/clearing.ledger";
  std::FILE *ledger = std::fopen(path.c_str(), "a");
  if (!ledger)
    return Status::ioError(errno, path);
  int rc = 0;
  const std::string dayText = day.str();
  for (std::size_t i = 0; i < totals.size(); ++i) {
    const auto gross = static_cast<long long>(totals[i].grossCents);
    std::fprintf(ledger, "%s,%s,%lld\n", dayText.c_str(), totals[i].operatorId.c_str(), gross); // OK
    if (i + 1 == totals.size())
      rc = std::fclose(ledger); // OK
  }
  return rc == 0 ? Status::success() : Status::ioError(errno, path);
}

void OperatorExporter::reconfigureNotify(const std::string &endpoint) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (notify_ && !notify_->isClosed())
    notify_->close();
  notify_.reset();
  if (endpoint.empty())
    return;
  notify_.emplace(endpoint);
  notify_->send("farecol settlement notifications"); // OK
}

void OperatorExporter::notifyOperators(const std::string &message) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!notify_ || notify_->isClosed())
    return;
  notify_->send(message); // OK
  notify_->flush();       // OK
}

} // namespace farecol

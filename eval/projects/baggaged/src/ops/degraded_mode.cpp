// DegradedMode: when the sorter reports a fault, bags go to manual make-up
// and the sorter's fieldbus is cut so that no diverter can move while
// technicians work on the line. exit() brings the bus and the sorter back
// and files a report on the degraded period.
#include "degraded_mode.h"

#include "event_bus.h"
#include "fieldbus.h"
#include "journal.h"
#include "report_archiver.h"
#include "shift_report.h"
#include "sorter.h"

DegradedMode::DegradedMode(std::shared_ptr<Sorter> sorter, std::shared_ptr<Fieldbus> bus,
                           std::shared_ptr<ReportArchiver> archiver, std::shared_ptr<JournalWriter> journal,
                           std::string reportDir)
    : sorter_(std::move(sorter)),
      bus_(std::move(bus)),
      archiver_(std::move(archiver)),
      journal_(std::move(journal)),
      reportDir_(std::move(reportDir)) {}

void DegradedMode::attach(const std::shared_ptr<DegradedMode>& self, EventBus& events) {
  std::weak_ptr<DegradedMode> weak = self;
  events.subscribe(Topic::SorterFault, [weak](const Event& ev) {
    if (auto mode = weak.lock()) mode->enter(ev.code);
  });
}

void DegradedMode::enter(int faultCode) {
  if (active_) return;
  active_ = true;
  faultCode_ = faultCode;
  since_ = std::time(nullptr);
  sorter_->markFaulted();
  journal_->tryWrite("DEGRADED: sorter fault " + std::to_string(faultCode) + ", bags to manual make-up");
  if (bus_->isOpen()) bus_->close(); // SAME: skip_quiesce
}

Status DegradedMode::exit() {
  if (!active_) return Status::Ok();
  sorter_->quiesce();
  Status st = bus_->open();
  if (!st.ok()) return st;
  bus_->writeFrame(0, "RESUME"); // OK: the bus was reopened just above (open() checked)
  Status started = sorter_->start();
  if (!started.ok()) return started;
  active_ = false;
  ++periods_;
  writePeriodReport();
  return Status::Ok();
}

void DegradedMode::writePeriodReport() {
  auto report = std::make_unique<ShiftReport>(reportDir_ + "/degraded-" + std::to_string(since_) + ".txt");
  report->append("sorter fault " + std::to_string(faultCode_));
  report->append("degraded for " + std::to_string(std::time(nullptr) - since_) + " s"); // OK: the report is sealed further down
  report->seal();
  archiver_->archive(std::move(report)); // BUG: double-close #degraded_report_seal
}

bool DegradedMode::active() const { return active_; }

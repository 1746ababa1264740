// ScreeningMachine: one HBS machine as the bag flow sees it. screen() maps
// link failures to a Status (a timeout drops the connection so the next bag
// does not read a stale verdict); finishShift() hands the shift report to the
// archiver.
#include "screening_machine.h"

#include "journal.h"
#include "report_archiver.h"
#include "shift_report.h"

#include <ctime>

ScreeningMachine::ScreeningMachine(std::string id, std::shared_ptr<IScreeningLink> link,
                                   std::shared_ptr<JournalWriter> journal, std::shared_ptr<ReportArchiver> archiver,
                                   std::string reportDir)
    : id_(std::move(id)),
      link_(std::move(link)),
      journal_(std::move(journal)),
      archiver_(std::move(archiver)),
      reportDir_(std::move(reportDir)) {}

Status ScreeningMachine::screen(const std::string& tag, ScreenVerdict& out) {
  if (!link_ || !link_->connected()) return Status::Error(StatusCode::Closed, id_ + " offline");
  try {
    out = link_->submit(tag);
    ++screened_;
    return Status::Ok();
  } catch (const LinkTimeout& e) {
    ++failures_;
    link_->disconnect(); // OK: submit() leaves the socket open when it times out
    journal_->tryWrite(id_ + ": timeout on " + tag);
    return Status::Error(StatusCode::Timeout, e.what());
  } catch (const LinkDown& e) {
    ++failures_;
    journal_->tryWrite(id_ + ": link lost on " + tag);
    link_->disconnect(); // BUG: double-close
    return Status::Error(StatusCode::IoError, e.what());
  }
}

Status ScreeningMachine::resubmit(const std::string& tag, ScreenVerdict& out) {
  out = link_->submit(tag); // SAME: hbs_resubmit
  ++resubmitted_;
  return Status::Ok();
}

Status ScreeningMachine::reconnect(std::shared_ptr<IScreeningLink> fresh) {
  if (!fresh || !fresh->connected()) return Status::Error(StatusCode::Invalid, "replacement link not connected");
  if (link_ && link_->connected()) link_->disconnect(); // OK: guarded by connected()
  link_ = std::move(fresh);
  journal_->tryWrite(id_ + ": reconnected to " + link_->peer());
  return Status::Ok();
}

void ScreeningMachine::finishShift() {
  auto report = std::make_unique<ShiftReport>(reportDir_ + "/hbs-" + id_ + "-" + std::to_string(std::time(nullptr)) + ".txt");
  ShiftReport* raw = report.get();
  raw->append("machine " + id_);
  raw->append("screened " + std::to_string(screened_) + ", resubmitted " + std::to_string(resubmitted_)); // OK: the report is sealed only by archive() below
  archiver_->archive(std::move(report));
  raw->append("link failures " + std::to_string(failures_)); // BUG: use-after-close
  screened_ = resubmitted_ = failures_ = 0;
}

bool ScreeningMachine::online() const { return link_ && link_->connected(); }

const std::string& ScreeningMachine::id() const { return id_; }

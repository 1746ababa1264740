// Operator commands built by the console's command factory and executed by
// the control loop: a diverter override, a belt hold, archiving the current
// journal segment, and leaving degraded mode.
#include "console_commands.h"

#include "degraded_mode.h"
#include "diverter.h"
#include "feeder.h"
#include "journal.h"
#include "report_archiver.h"

#include <cstdio>
#include <stdexcept>

DivertOverrideCommand::DivertOverrideCommand(std::shared_ptr<DiverterController> diverter, int position)
    : diverter_(std::move(diverter)), target_(position) {}

Status DivertOverrideCommand::execute() {
  if (!diverter_ || diverter_->released()) return Status::Error(StatusCode::Closed, "diverter released");
  previous_ = diverter_->position();
  try {
    diverter_->setPosition(target_); // OK: released() checked above
  } catch (const std::runtime_error& e) {
    return Status::Error(StatusCode::IoError, e.what());
  }
  return Status::Ok();
}

void DivertOverrideCommand::undo() {
  diverter_->setPosition(previous_); // SAME: undo_after_close
}

std::string DivertOverrideCommand::name() const {
  return "divert node " + std::to_string(diverter_ ? diverter_->node() : -1) + " -> " + std::to_string(target_);
}

HoldBeltCommand::HoldBeltCommand(std::weak_ptr<Feeder> feeder) : feeder_(std::move(feeder)) {}

Status HoldBeltCommand::execute() {
  auto feeder = feeder_.lock();
  if (!feeder || !isLive(*feeder)) return Status::Error(StatusCode::Closed, "belt not live");
  feeder->link()->sendTelegram("HOLD"); // OK: isLive() checked the link is up
  return Status::Ok();
}

void HoldBeltCommand::undo() {
  auto feeder = feeder_.lock();
  if (feeder && isLive(*feeder)) feeder->link()->sendTelegram("RELEASE"); // OK: a halted or removed belt is skipped
}

std::string HoldBeltCommand::name() const { return "hold belt"; }

ArchiveJournalCommand::ArchiveJournalCommand(std::shared_ptr<JournalWriter> journal,
                                             std::shared_ptr<ReportArchiver> archiver)
    : journal_(std::move(journal)), archiver_(std::move(archiver)) {}

Status ArchiveJournalCommand::execute() {
  std::FILE* segment = journal_->detach();
  if (!segment) return Status::Error(StatusCode::Closed, "journal closed");
  Status st = archiver_->absorbJournal(segment);
  std::fclose(segment); // BUG: double-close
  return st;
}

void ArchiveJournalCommand::undo() {}

std::string ArchiveJournalCommand::name() const { return "archive journal segment"; }

ResumeSortingCommand::ResumeSortingCommand(std::weak_ptr<DegradedMode> mode) : mode_(std::move(mode)) {}

Status ResumeSortingCommand::execute() {
  auto mode = mode_.lock();
  if (!mode || !mode->active()) return Status::Error(StatusCode::Invalid, "sorter is not in degraded mode");
  return mode->exit();
}

void ResumeSortingCommand::undo() {}

std::string ResumeSortingCommand::name() const { return "resume sorting"; }

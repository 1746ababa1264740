// Operator commands created by the console's command factory.
#pragma once
#include "command.h"
#include <memory>
#include <string>

class DegradedMode;
class DiverterController;
class Feeder;
class JournalWriter;
class ReportArchiver;

// Forces one diverter into a position; undo() puts it back.
class DivertOverrideCommand : public Command {
 public:
  DivertOverrideCommand(std::shared_ptr<DiverterController> diverter, int position);
  Status execute() override;
  void undo() override;
  std::string name() const override;

 private:
  std::shared_ptr<DiverterController> diverter_;
  int target_;
  int previous_ = 0;
};

// Holds a belt feeder (bags stay on the weigh belt); undo() releases it.
class HoldBeltCommand : public Command {
 public:
  explicit HoldBeltCommand(std::weak_ptr<Feeder> feeder);
  Status execute() override;
  void undo() override;
  std::string name() const override;

 private:
  std::weak_ptr<Feeder> feeder_;
};

// Moves the current journal segment into the report archive.
class ArchiveJournalCommand : public Command {
 public:
  ArchiveJournalCommand(std::shared_ptr<JournalWriter> journal, std::shared_ptr<ReportArchiver> archiver);
  Status execute() override;
  void undo() override;
  std::string name() const override;

 private:
  std::shared_ptr<JournalWriter> journal_;
  std::shared_ptr<ReportArchiver> archiver_;
};

// Leaves degraded mode once the sorter has been repaired.
class ResumeSortingCommand : public Command {
 public:
  explicit ResumeSortingCommand(std::weak_ptr<DegradedMode> mode);
  Status execute() override;
  void undo() override;
  std::string name() const override;

 private:
  std::weak_ptr<DegradedMode> mode_;
};

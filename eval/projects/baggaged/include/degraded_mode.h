// DegradedMode: when the sorter faults, bags go to manual make-up and the
// sorter's fieldbus is cut so no diverter moves unexpectedly.
#pragma once
#include "status.h"
#include <cstddef>
#include <ctime>
#include <memory>
#include <string>

class EventBus;
class Fieldbus;
class JournalWriter;
class ReportArchiver;
class Sorter;

class DegradedMode {
 public:
  DegradedMode(std::shared_ptr<Sorter> sorter, std::shared_ptr<Fieldbus> bus, std::shared_ptr<ReportArchiver> archiver,
               std::shared_ptr<JournalWriter> journal, std::string reportDir);
  static void attach(const std::shared_ptr<DegradedMode>& self, EventBus& events);
  void enter(int faultCode);
  Status exit();
  bool active() const;

 private:
  void writePeriodReport();
  std::shared_ptr<Sorter> sorter_;
  std::shared_ptr<Fieldbus> bus_;
  std::shared_ptr<ReportArchiver> archiver_;
  std::shared_ptr<JournalWriter> journal_;
  std::string reportDir_;
  bool active_ = false;
  int faultCode_ = 0;
  std::time_t since_ = 0;
  std::size_t periods_ = 0;
};

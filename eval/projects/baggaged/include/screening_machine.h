// ScreeningMachine: one HBS machine as seen by the bag flow. screen() turns
// link failures into a Status: Timeout when the machine did not answer in
// time, IoError when the connection was lost.
#pragma once
#include "screening.h"
#include "status.h"
#include <cstddef>
#include <memory>
#include <string>

class JournalWriter;
class ReportArchiver;

class ScreeningMachine {
 public:
  ScreeningMachine(std::string id, std::shared_ptr<IScreeningLink> link, std::shared_ptr<JournalWriter> journal,
                   std::shared_ptr<ReportArchiver> archiver, std::string reportDir);
  Status screen(const std::string& tag, ScreenVerdict& out);
  // Level-2 retry: asks the machine again for a bag it already scanned.
  Status resubmit(const std::string& tag, ScreenVerdict& out);
  Status reconnect(std::shared_ptr<IScreeningLink> fresh);
  void finishShift();
  bool online() const;
  const std::string& id() const;

 private:
  std::string id_;
  std::shared_ptr<IScreeningLink> link_;
  std::shared_ptr<JournalWriter> journal_;
  std::shared_ptr<ReportArchiver> archiver_;
  std::string reportDir_;
  std::size_t screened_ = 0;
  std::size_t resubmitted_ = 0;
  std::size_t failures_ = 0;
};

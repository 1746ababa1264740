// ReconciliationManager: one ReconSession per open flight, all sharing the
// daemon's single DcsFeed.
#pragma once
#include "status.h"
#include <cstddef>
#include <map>
#include <memory>
#include <string>

class DcsFeed;
class JournalWriter;
class ReconSession;

class ReconciliationManager {
 public:
  ReconciliationManager(std::shared_ptr<DcsFeed> feed, std::shared_ptr<JournalWriter> journal);
  ~ReconciliationManager();
  Status openFlight(const std::string& flight);
  Status reportBag(const std::string& flight, const std::string& tag);
  Status resync();
  void finishAll();
  std::size_t sessions() const;

 private:
  std::shared_ptr<DcsFeed> feed_;
  std::shared_ptr<JournalWriter> journal_;
  std::map<std::string, std::unique_ptr<ReconSession>> sessions_;
};

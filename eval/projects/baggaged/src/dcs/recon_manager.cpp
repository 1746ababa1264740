// ReconciliationManager: one ReconSession per flight, all on the daemon's
// single DCS feed. resync() rebuilds the DCS side after a feed outage.
#include "recon_manager.h"

#include "dcs_feed.h"
#include "journal.h"
#include "recon_session.h"

ReconciliationManager::ReconciliationManager(std::shared_ptr<DcsFeed> feed, std::shared_ptr<JournalWriter> journal)
    : feed_(std::move(feed)), journal_(std::move(journal)) {}

ReconciliationManager::~ReconciliationManager() = default;

Status ReconciliationManager::openFlight(const std::string& flight) {
  auto& slot = sessions_[flight];
  if (!slot) slot = std::make_unique<ReconSession>(flight, feed_);
  return Status::Ok();
}

Status ReconciliationManager::reportBag(const std::string& flight, const std::string& tag) {
  auto it = sessions_.find(flight);
  if (it == sessions_.end()) return Status::Error(StatusCode::NotFound, "no reconciliation for " + flight);
  return it->second->reportLoaded(tag);
}

Status ReconciliationManager::resync() {
  if (feed_->isOpen()) feed_->disconnect(); // OK: guarded by isOpen()
  Status st = feed_->connect();
  if (!st.ok()) journal_->tryWrite("DCS resync: " + st.message());
  feed_->send("RESYNC " + std::to_string(sessions_.size())); // BUG: use-after-close
  for (auto& [flight, session] : sessions_) session->replay(); // OK: reached only when the RESYNC header went out on the reconnected feed
  return Status::Ok();
}

void ReconciliationManager::finishAll() {
  for (auto& [flight, session] : sessions_) {
    session->finish(); // BUG: use-after-close #recon_second_owner
  }
  sessions_.clear();
}

std::size_t ReconciliationManager::sessions() const { return sessions_.size(); }

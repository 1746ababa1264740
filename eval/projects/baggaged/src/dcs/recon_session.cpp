// ReconSession: reconciliation of one flight. Loaded and offloaded bags are
// reported as they happen; finish() sends the final load count.
#include "recon_session.h"

#include "dcs_feed.h"

#include <algorithm>

ReconSession::ReconSession(std::string flight, std::shared_ptr<DcsFeed> feed)
    : flight_(std::move(flight)), feed_(std::move(feed)) {}

Status ReconSession::reportLoaded(const std::string& tag) {
  if (finished_) return Status::Error(StatusCode::Closed, flight_ + " reconciliation finished");
  loaded_.push_back(tag);
  return feed_->sendChecked("BPM LOADED " + flight_ + " " + tag); // OK: sendChecked() refuses a disconnected feed with a Status
}

Status ReconSession::reportOffloaded(const std::string& tag) {
  if (finished_) return Status::Error(StatusCode::Closed, flight_ + " reconciliation finished");
  loaded_.erase(std::remove(loaded_.begin(), loaded_.end(), tag), loaded_.end());
  return feed_->sendChecked("BPM OFFLOADED " + flight_ + " " + tag);
}

void ReconSession::replay() {
  for (const std::string& tag : loaded_) feed_->send("BPM LOADED " + flight_ + " " + tag);
}

void ReconSession::finish() {
  if (finished_) return;
  finished_ = true;
  feed_->send("END " + flight_ + " " + std::to_string(loaded_.size())); // SAME: recon_second_owner
  feed_->disconnect();
}

bool ReconSession::finished() const { return finished_; }

const std::string& ReconSession::flight() const { return flight_; }

// PatrolRoster: patroller handsets keyed by name. signOff() closes and
// erases; signOn() retunes (reopens) a known handset; the destructor closes
// only open handsets. endShift() closes every handset and then pages them.
#include "patrol_roster.h"

#include <utility>

namespace liftops {

PatrolRoster::PatrolRoster(std::shared_ptr<DispatchChannel> dispatch)
    : dispatch_(std::move(dispatch)) {
  token_ = dispatch_->onIncident([this](const Incident &incident) {
    if (incident.severity >= 3)
      pageAll(incident.source + ": " + incident.text);
  });
}

PatrolRoster::~PatrolRoster() {
  dispatch_->removeHandler(token_); // OK: allowed on a closed channel
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &[name, radio] : handsets_) {
    if (radio->isOpen())
      radio->close(); // OK: checked open
  }
}

void PatrolRoster::signOn(const std::string &patroller, double freqMhz) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = handsets_.find(patroller);
  if (it == handsets_.end()) {
    it = handsets_.emplace(patroller, std::make_unique<RadioChannel>(patroller, freqMhz)).first;
  } else {
    it->second->retune(freqMhz);
  }
  it->second->transmit(patroller, "on channel, radio check"); // OK: new or just retuned (reopened)
}

void PatrolRoster::signOff(const std::string &patroller) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = handsets_.find(patroller);
  if (it == handsets_.end())
    return;
  if (it->second->isOpen()) {
    it->second->transmit(patroller, "signing off"); // OK: checked open
    it->second->close();
  }
  handsets_.erase(it);
}

void PatrolRoster::pageAll(const std::string &text) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &[name, radio] : handsets_)
    radio->transmit(name, text); // SAME: roster-page
}

void PatrolRoster::endShift() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto &[name, radio] : handsets_)
      radio->close();
  }
  pageAll("sweep complete, handsets off"); // BUG: use-after-close #roster-page
  std::lock_guard<std::mutex> lock(mu_);
  handsets_.clear();
}

} // namespace liftops

// Annunciator: keeps raw pointers to subscribers and calls each one's
// onEvent() for every on-air event, outside the lock so that a subscriber may
// publish or unsubscribe from its handler. Holds no handles of its own.
#include "annunciator.h"

#include <algorithm>

void Annunciator::subscribe(Subscriber *sub) {
  std::lock_guard<std::mutex> lock(mu_);
  if (std::find(subs_.begin(), subs_.end(), sub) == subs_.end())
    subs_.push_back(sub);
}

void Annunciator::unsubscribe(Subscriber *sub) {
  std::lock_guard<std::mutex> lock(mu_);
  subs_.erase(std::remove(subs_.begin(), subs_.end(), sub), subs_.end());
}

void Annunciator::publish(const AirEvent &ev) {
  std::vector<Subscriber *> snapshot;
  {
    std::lock_guard<std::mutex> lock(mu_);
    snapshot = subs_;
  }
  for (Subscriber *sub : snapshot)
    sub->onEvent(ev);
}

std::size_t Annunciator::subscribers() const {
  std::lock_guard<std::mutex> lock(mu_);
  return subs_.size();
}

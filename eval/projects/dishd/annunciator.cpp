// Annunciator implementation. raise() copies the subscriber lists under the
// lock and notifies outside it, so a listener may raise or unsubscribe from
// inside its own callback without deadlocking the panel.
#include "annunciator.h"

#include <algorithm>
#include <utility>

void Annunciator::subscribe(AlarmListener *listener) {
  std::lock_guard<std::mutex> lock(mu_);
  if (std::find(listeners_.begin(), listeners_.end(), listener) ==
      listeners_.end())
    listeners_.push_back(listener);
}

void Annunciator::unsubscribe(AlarmListener *listener) {
  std::lock_guard<std::mutex> lock(mu_);
  listeners_.erase(std::remove(listeners_.begin(), listeners_.end(), listener),
                   listeners_.end());
}

int Annunciator::watch(Watcher watcher) {
  std::lock_guard<std::mutex> lock(mu_);
  const int id = nextId_++;
  watchers_.emplace(id, std::move(watcher));
  return id;
}

void Annunciator::unwatch(int id) {
  std::lock_guard<std::mutex> lock(mu_);
  watchers_.erase(id);
}

void Annunciator::raise(const Alarm &alarm) {
  std::vector<AlarmListener *> listeners;
  std::vector<Watcher> watchers;
  {
    std::lock_guard<std::mutex> lock(mu_);
    recent_.push_back(alarm);
    if (recent_.size() > 256)
      recent_.erase(recent_.begin());
    listeners = listeners_;
    watchers.reserve(watchers_.size());
    for (const auto &w : watchers_)
      watchers.push_back(w.second);
  }
  for (AlarmListener *listener : listeners)
    listener->onAlarm(alarm);
  for (const Watcher &w : watchers)
    w(alarm);
}

std::vector<Alarm> Annunciator::recent() const {
  std::lock_guard<std::mutex> lock(mu_);
  return recent_;
}

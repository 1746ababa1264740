#include "chatd/presence.h"
#include "chatd/room.h"

#include <algorithm>
#include <utility>

namespace chatd {

PresenceTracker::PresenceTracker(std::shared_ptr<EventChannel> feed)
    : feed_(std::move(feed)) {}

PresenceTracker::~PresenceTracker() { stop(); }

void PresenceTracker::watch(const std::shared_ptr<Room> &room) {
  watched_.erase(std::remove_if(watched_.begin(), watched_.end(),
                                [](const std::weak_ptr<Room> &w) {
                                  return w.expired();
                                }),
                 watched_.end());
  watched_.push_back(room);
}

void PresenceTracker::onChange(const std::string &key, Listener listener) {
  listeners_[key] = std::move(listener);
}

void PresenceTracker::removeListener(const std::string &key) {
  listeners_.erase(key);
}

void PresenceTracker::notifyListeners(const std::string &what) {
  for (auto &entry : listeners_)
    entry.second(what);
}

void PresenceTracker::online(const std::string &nick) {
  for (const std::weak_ptr<Room> &weak : watched_) {
    if (std::shared_ptr<Room> room = weak.lock())
      room->broadcast("presence", nick + " is online"); // BUG: use-after-close
  }
  notifyListeners(nick + " online");
  publish("online " + nick);
}

void PresenceTracker::offline(const std::string &nick) {
  for (const std::weak_ptr<Room> &weak : watched_) {
    std::shared_ptr<Room> room = weak.lock();
    if (!room || room->isClosed())
      continue;
    room->broadcast("presence", nick + " went offline"); // OK: expired and closed rooms are skipped; rooms are closed only on this (the loop) thread
  }
  notifyListeners(nick + " offline");
  publish("offline " + nick);
}

void PresenceTracker::publish(const std::string &event) {
  std::lock_guard<std::mutex> lock(feedMu_);
  if (feedClosed_)
    return;
  feed_->send(event); // OK: feedClosed_ is checked under feedMu_, which closeFeed() holds while it closes the feed
}

void PresenceTracker::startHeartbeat(std::chrono::milliseconds every) {
  if (running_.exchange(true))
    return;
  heartbeat_ = std::thread([this, every] {
    while (running_.load()) {
      std::this_thread::sleep_for(every);
      if (feed_->isOpen())
        feed_->send("heartbeat"); // BUG: use-after-close #presence_heartbeat
    }
  });
}

void PresenceTracker::closeFeed() {
  std::lock_guard<std::mutex> lock(feedMu_);
  if (feedClosed_)
    return;
  feedClosed_ = true;
  feed_->close(); // SAME: presence_heartbeat
}

void PresenceTracker::stop() {
  running_ = false;
  closeFeed();
  if (heartbeat_.joinable())
    heartbeat_.join();
}

} // namespace chatd

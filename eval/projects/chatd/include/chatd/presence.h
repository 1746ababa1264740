// Who is online: announces joins and departures to the watched rooms, to
// registered listeners and on the presence feed, and keeps the feed alive
// with a heartbeat.
#pragma once

#include "messaging.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace chatd {

class Room;

class PresenceTracker {
public:
  using Listener = std::function<void(const std::string &)>;

  explicit PresenceTracker(std::shared_ptr<EventChannel> feed);
  ~PresenceTracker();

  PresenceTracker(const PresenceTracker &) = delete;
  PresenceTracker &operator=(const PresenceTracker &) = delete;

  void watch(const std::shared_ptr<Room> &room);
  void onChange(const std::string &key, Listener listener);
  void removeListener(const std::string &key);

  void online(const std::string &nick);
  void offline(const std::string &nick);
  /// Sends one event on the presence feed (dropped once the feed is closed).
  void publish(const std::string &event);

  void startHeartbeat(std::chrono::milliseconds every);
  void stop();

private:
  void closeFeed();
  void notifyListeners(const std::string &what);

  std::shared_ptr<EventChannel> feed_;
  std::vector<std::weak_ptr<Room>> watched_;
  std::map<std::string, Listener> listeners_;
  std::mutex feedMu_;
  bool feedClosed_ = false;
  std::atomic<bool> running_{false};
  std::thread heartbeat_;
};

} // namespace chatd

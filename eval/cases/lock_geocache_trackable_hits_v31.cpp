// Geocaching site: each trackable (travel bug, geocoin) has a hit feed that
// pushes "discovered" and "dropped" logs to the partner site over a
// streaming channel. Logs arrive on the site's worker threads; when a
// trackable is archived the moderator's thread stops its feed, setting the
// archived flag and closing the channel under the feed's mutex.
#include "messaging.h"

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace geocache {

class TrackableFeed {
public:
  explicit TrackableFeed(cassandra::StreamingMultiplexedChannel &channel) : channel_(channel) {}

  void discovered(const std::string &cacher) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (archived_)
      return;
    channel_.sendControlMessage({"DISCOVERED", cacher}); // OK: flag read under the closer's mutex
  }

  void dropped(const std::string &cacheCode) {
    if (archived_)
      return;
    channel_.sendControlMessage({"DROPPED", cacheCode}); // BUG: use-after-close #geo-drop
  }

  void archive() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (archived_)
      return;
    archived_ = true;
    channel_.close(); // SAME: geo-drop
  }

private:
  cassandra::StreamingMultiplexedChannel &channel_;
  std::mutex mutex_;
  std::atomic<bool> archived_{false};
};

void moderationPass(TrackableFeed &feed, const std::vector<std::string> &drops) {
  std::thread worker([&feed, &drops] {
    for (const std::string &code : drops) {
      feed.discovered("trailhound");
      feed.dropped(code);
    }
  });
  feed.archive();
  worker.join();
  feed.discovered("late log"); // OK
  feed.dropped("GC7Q2XK"); // OK: archived_ was set before, on this thread
  feed.archive(); // OK: archive() returns when already archived
}

} // namespace geocache

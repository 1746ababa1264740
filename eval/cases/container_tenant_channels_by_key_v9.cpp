// A router keeps one EventChannel per tenant in a std::map and hands out
// references through channelFor(). evictTenant() closes the tenant's channel
// and later sends the "evicted" notice through channelFor() with the same key
// (bug); the broadcast to every other tenant skips the closed entry (fine).
#include "messaging.h"
#include <map>
#include <memory>
#include <string>

class TenantRouter {
public:
  void addTenant(const std::string &tenant) {
    channels_.emplace(tenant, std::make_unique<EventChannel>());
  }

  EventChannel &channelFor(const std::string &tenant) {
    return *channels_.at(tenant);
  }

  void evictTenant(const std::string &tenant, const std::string &notice) {
    channelFor(tenant).close();
    for (auto &[name, channel] : channels_) {
      if (name != tenant)
        channel->send(notice); // OK: every channel but the closed one
    }
    channelFor(tenant).send("evicted: " + notice); // BUG: use-after-close
    channels_.erase(tenant);
  }

private:
  std::map<std::string, std::unique_ptr<EventChannel>> channels_;
};

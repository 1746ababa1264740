// Moves a device between its primary and backup connections (bus validators fall back to
// the cellular link when the depot Wi-Fi drops) and retires links.
#pragma once
#include "link_registry.h"
#include "status.h"

#include <memory>
#include <string>

namespace farecol {

class Diagnostics;

class LinkMigrator {
public:
  LinkMigrator(LinkRegistry &registry, Diagnostics &diag);

  Status failover(const std::string &deviceId, std::unique_ptr<DeviceLink> backup);
  Status restorePrimary(const std::string &deviceId, std::unique_ptr<DeviceLink> primary);
  Status retire(const std::string &deviceId);

private:
  LinkRegistry &registry_;
  Diagnostics &diag_;
};

} // namespace farecol

// Moving devices between their primary and backup connections, and retiring links.
#include "link_migrator.h"
#include "diagnostics.h"

#include <utility>

namespace farecol {

LinkMigrator::LinkMigrator(LinkRegistry &registry, Diagnostics &diag) : registry_(registry), diag_(diag) {}

Status LinkMigrator::failover(const std::string &deviceId, std::unique_ptr<DeviceLink> backup) {
  if (!backup)
    return Status::invalid("no backup link for " + deviceId);
  const std::string endpoint = backup->endpoint();
  std::shared_ptr<DeviceLink> current = registry_.get(deviceId);
  if (!current)
    return registry_.attach(std::move(backup));

  Status st = registry_.replace(deviceId, std::move(backup));
  if (st.failed())
    return st;
  diag_.info("%s moved to backup link %s", deviceId.c_str(), endpoint.c_str());
  sendNotice(*current, NoticeKind::Redirect, endpoint); // BUG: use-after-close #redirect
  return st;
}

Status LinkMigrator::restorePrimary(const std::string &deviceId, std::unique_ptr<DeviceLink> primary) {
  std::shared_ptr<DeviceLink> backup = registry_.get(deviceId);
  Status st = registry_.replace(deviceId, std::move(primary));
  if (st.failed())
    return st;
  if (backup) {
    diag_.info("%s back on its primary link, dropping backup %s", deviceId.c_str(), backup->endpoint().c_str());
    backup->close(); // BUG: double-close
  }
  return st;
}

Status LinkMigrator::retire(const std::string &deviceId) {
  std::shared_ptr<DeviceLink> link = registry_.detach(deviceId);
  if (!link)
    return Status::notFound("device " + deviceId);
  if (link->isOpen()) {
    sendNotice(*link, NoticeKind::Maintenance, "retired"); // OK
    link->close();                                         // OK
  }
  diag_.info("retired %s (%llu frames sent)", deviceId.c_str(), static_cast<unsigned long long>(link->framesSent()));
  return Status::success();
}

} // namespace farecol

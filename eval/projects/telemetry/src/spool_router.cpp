// spool_router.cpp: SpoolRouter, the per-tenant spool files of the forwarder,
// kept in a map by tenant.
#include "telemetry/spool_router.h"
#include "telemetry/util.h"

#include <exception>

namespace telemetry {

SpoolRouter::SpoolRouter(std::string spoolDir)
    : spoolDir_(std::move(spoolDir)) {}

std::string SpoolRouter::pathFor(const std::string &tenant) const {
  return spoolDir_ + "/tenant-" + tenant + ".spool";
}

SpoolFile &SpoolRouter::spool(const std::string &tenant) {
  auto it = spools_.find(tenant);
  if (it == spools_.end())
    it = spools_.emplace(tenant, SpoolFile(pathFor(tenant))).first;
  return it->second;
}

void SpoolRouter::close(const std::string &tenant) {
  auto it = spools_.find(tenant);
  if (it == spools_.end() || !it->second.is_open())
    return;
  it->second.close();
}

void SpoolRouter::retire(const std::string &tenant) {
  if (tenant == kFallbackTenant)
    return; // the fallback spool lives as long as the router
  auto it = spools_.find(tenant);
  if (it == spools_.end())
    return;
  if (it->second.is_open())
    it->second.close();
  SpoolFile &fallback = spool(kFallbackTenant);
  if (fallback.is_open())
    fallback.append("# tenant " + tenant + " retired " + nowIso8601() + "\n"); // OK: a different key (tenant is never the fallback here), checked open
  spools_.erase(it); // OK: erasing the entry closed above
}

void SpoolRouter::closeAll() {
  for (auto &entry : spools_) {
    if (!entry.second.is_open())
      continue; // over quota, closed already: close() throws when called twice
    try {
      entry.second.close(); // OK: only spools still open get here
    } catch (const std::exception &e) {
      logWarn("spool: closing the spool of " + entry.first + " failed: " +
              e.what());
    }
  }
}

} // namespace telemetry

// SpoolRouter: one spool file per tenant, opened on first use, for the
// batches the forwarder cannot publish. Used from the forwarder thread only.
#pragma once
#include "telemetry/spool_file.h"

#include <map>
#include <string>

namespace telemetry {

class SpoolRouter {
public:
  static constexpr const char *kFallbackTenant = "_default";

  explicit SpoolRouter(std::string spoolDir);

  /// The tenant's spool, opened on first use. A spool closed by close()
  /// stays in the map (closed) so that the tenant is not reopened.
  SpoolFile &spool(const std::string &tenant);
  /// Closes the tenant's spool (a no-op when it is not open).
  void close(const std::string &tenant);
  /// Closes the tenant's spool and forgets it.
  void retire(const std::string &tenant);
  void closeAll();

private:
  std::string pathFor(const std::string &tenant) const;

  std::string spoolDir_;
  std::map<std::string, SpoolFile> spools_;
};

} // namespace telemetry

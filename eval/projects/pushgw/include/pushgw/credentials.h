// Per-tenant provider credentials and the store that loads them from the
// credentials file. No BUG markers here: declarations only.
#pragma once
#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

namespace pushgw {

struct Endpoint {
  std::string host;
  int port = 0;
};

struct TenantCredentials {
  std::string tenant;
  std::string apiKey;
  std::size_t poolSize = 1;
  std::vector<Endpoint> endpoints;

  /// Same API key and the same endpoints (pool size may differ).
  bool sameEndpointsAndKey(const TenantCredentials &other) const;
};

/// Loads lines "tenant pool_size api_key host:port[,host:port...]"; '#' starts
/// a comment line.
class CredentialStore {
public:
  /// false when the file cannot be opened; throws std::runtime_error on a
  /// malformed line (and then keeps the previously loaded tenants).
  bool load(const std::string &path);
  const TenantCredentials *find(const std::string &tenant) const;
  const std::unordered_map<std::string, TenantCredentials> &all() const;

private:
  std::unordered_map<std::string, TenantCredentials> tenants_;
};

} // namespace pushgw

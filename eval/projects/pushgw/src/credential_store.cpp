// CredentialStore: loads tenant credentials from the credentials file with
// stdio. No BUG markers. The fclose() inside the loop runs only on a
// malformed line and is followed by a throw, so the fclose() after the loop
// runs once on the one path that reaches it (OK line).
#include "pushgw/credentials.h"

#include <sstream>
#include <stdexcept>

namespace pushgw {
namespace {

bool parseEndpoint(const std::string &text, Endpoint &out) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return false;
  out.host = text.substr(0, colon);
  try {
    out.port = std::stoi(text.substr(colon + 1));
  } catch (const std::exception &) {
    return false;
  }
  return out.port > 0 && out.port < 65536;
}

bool parseLine(const std::string &line, TenantCredentials &out) {
  std::istringstream in(line);
  std::string endpoints;
  long pool = 0;
  if (!(in >> out.tenant >> pool >> out.apiKey >> endpoints) || pool <= 0)
    return false;
  out.poolSize = static_cast<std::size_t>(pool);
  std::istringstream list(endpoints);
  std::string item;
  while (std::getline(list, item, ',')) {
    Endpoint ep;
    if (!parseEndpoint(item, ep))
      return false;
    out.endpoints.push_back(ep);
  }
  return !out.endpoints.empty();
}

} // namespace

bool TenantCredentials::sameEndpointsAndKey(const TenantCredentials &other) const {
  if (apiKey != other.apiKey || endpoints.size() != other.endpoints.size())
    return false;
  for (std::size_t i = 0; i < endpoints.size(); ++i)
    if (endpoints[i].host != other.endpoints[i].host ||
        endpoints[i].port != other.endpoints[i].port)
      return false;
  return true;
}

bool CredentialStore::load(const std::string &path) {
  std::FILE *f = std::fopen(path.c_str(), "r");
  if (!f)
    return false;
  std::unordered_map<std::string, TenantCredentials> loaded;
  char line[2048];
  int lineNo = 0;
  while (std::fgets(line, sizeof line, f)) {
    ++lineNo;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    TenantCredentials creds;
    if (!parseLine(line, creds)) {
      std::fclose(f);
      throw std::runtime_error(path + ":" + std::to_string(lineNo) +
                               ": malformed credentials line");
    }
    const std::string tenant = creds.tenant;
    loaded[tenant] = std::move(creds);
  }
  std::fclose(f); // OK: the close in the loop is always followed by a throw
  tenants_ = std::move(loaded);
  return true;
}

const TenantCredentials *CredentialStore::find(const std::string &tenant) const {
  auto it = tenants_.find(tenant);
  return it == tenants_.end() ? nullptr : &it->second;
}

const std::unordered_map<std::string, TenantCredentials> &
CredentialStore::all() const {
  return tenants_;
}

} // namespace pushgw

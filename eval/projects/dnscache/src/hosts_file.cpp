// Static name -> IPv4 overrides from an /etc/hosts style file.
#include "dnscache/hosts_file.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cctype>
#include <cstring>
#include <fstream>
#include <sstream>

#include "dnscache/logging.h"

namespace dnscache {

namespace {
std::string normalize(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (!name.empty() && name.back() == '.')
    name.pop_back();
  return name;
}
} // namespace

HostsFile::HostsFile(std::string path)
    : path_(std::move(path)), map_(std::make_shared<const Map>()) {}

std::size_t HostsFile::parseInto(std::istream &in, Map &out) {
  std::size_t added = 0;
  std::string line;
  while (std::getline(in, line)) {
    const auto hash = line.find('#');
    if (hash != std::string::npos)
      line.erase(hash);
    std::istringstream fields(line);
    std::string addrText;
    if (!(fields >> addrText))
      continue;
    in_addr addr{};
    if (::inet_pton(AF_INET, addrText.c_str(), &addr) != 1)
      continue; // IPv6 lines are not served from here
    std::array<uint8_t, 4> bytes{};
    std::memcpy(bytes.data(), &addr, 4);
    std::string name;
    while (fields >> name) {
      out[normalize(name)] = bytes;
      ++added;
    }
  }
  return added;
}

bool HostsFile::load() {
  std::ifstream in(path_);
  if (!in.is_open()) {
    logWarn("hosts: cannot open %s", path_.c_str());
    return false;
  }
  auto fresh = std::make_shared<Map>();
  std::size_t count = parseInto(in, *fresh);
  if (in.bad()) {
    logWarn("hosts: read error on %s", path_.c_str());
    return false;
  }
  // Optional local overlay in the same format, kept out of the managed file.
  in.close();
  in.clear();
  in.open(path_ + ".local");
  if (in.is_open())
    count += parseInto(in, *fresh); // OK: `in` was reopened on the overlay file just above
  {
    std::lock_guard<std::mutex> lk(mu_);
    map_ = std::move(fresh);
  }
  logInfo("hosts: %zu names from %s", count, path_.c_str());
  return true;
}

std::optional<std::array<uint8_t, 4>> HostsFile::lookupA(const std::string &name) const {
  std::shared_ptr<const Map> map;
  {
    std::lock_guard<std::mutex> lk(mu_);
    map = map_;
  }
  auto it = map->find(name);
  if (it == map->end())
    return std::nullopt;
  return it->second;
}

std::size_t HostsFile::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return map_->size();
}

} // namespace dnscache

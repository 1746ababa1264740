// Static name -> IPv4 overrides from an /etc/hosts style file.
#pragma once
#include <array>
#include <cstdint>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace dnscache {

/// load() parses the file (plus an optional "<path>.local" overlay) into a new
/// map and swaps it in under mu_; lookups copy the shared_ptr and never block
/// on a reload.
class HostsFile {
public:
  explicit HostsFile(std::string path);
  bool load();
  std::optional<std::array<uint8_t, 4>> lookupA(const std::string &name) const;
  std::size_t size() const;

private:
  using Map = std::unordered_map<std::string, std::array<uint8_t, 4>>;
  static std::size_t parseInto(std::istream &in, Map &out);

  std::string path_;
  mutable std::mutex mu_;
  std::shared_ptr<const Map> map_;
};

} // namespace dnscache

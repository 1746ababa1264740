// The card deny list: hot-listed cards that gates must refuse. Every applied batch of
// changes bumps the version so devices can tell whether they are behind.
#pragma once
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace farecol {

struct DenyDelta {
  std::string cardId;
  bool add = true;
  std::string reason;
};

class DenyList {
public:
  std::uint64_t apply(const std::vector<DenyDelta> &deltas);
  bool isDenied(const std::string &cardId) const;
  std::string reasonFor(const std::string &cardId) const;
  std::uint64_t version() const;
  std::size_t size() const;
  std::vector<DenyDelta> snapshot() const;

private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::string> denied_;
  std::uint64_t version_ = 0;
};

} // namespace farecol

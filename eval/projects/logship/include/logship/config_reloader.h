// Notices config file changes and swaps upstream connections over.
#pragma once
#include "logship/config.h"
#include "logship/upstream.h"
#include "logship/upstream_set.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace logship {

class ConfigReloader {
public:
  explicit ConfigReloader(std::string path);
  ~ConfigReloader();

  /// The new configuration if the file changed since the last call.
  std::optional<Config> poll(std::string *err);
  /// Connects to `ep` and, on success, puts the new connection in `set`
  /// under `name`. The old connection is told to hand off, closed and kept
  /// for statistics.
  bool replaceUpstream(UpstreamSet &set, const std::string &name, const Endpoint &ep);
  /// (Re)creates the standby connection; clears it when `ep` is empty.
  void prepareStandby(const std::optional<Endpoint> &ep);
  std::optional<UpstreamConnection> &standby() noexcept { return standby_; }
  std::size_t generation() const noexcept { return generation_; }

private:
  std::string path_;
  std::size_t lastDigest_ = 0;
  std::size_t generation_ = 0;
  std::vector<std::unique_ptr<UpstreamConnection>> retired_;
  std::optional<UpstreamConnection> standby_;
};

} // namespace logship

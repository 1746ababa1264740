// StatusReporter: writes service-level records (drops, final totals) to the
// audit stream. Holds only a weak reference to the audit client.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

namespace telemetry {

class UpstreamClient;

struct Totals {
  std::size_t accepted = 0;
  std::size_t spooled = 0;
  std::size_t spilled = 0;
  std::size_t dropped = 0;
  std::size_t agents = 0;
};

class StatusReporter {
public:
  StatusReporter(std::weak_ptr<UpstreamClient> audit, std::string instance);

  void reportDropped(std::size_t dropped);
  void reportTotals(const Totals &totals);

private:
  std::weak_ptr<UpstreamClient> audit_;
  std::string instance_;
};

} // namespace telemetry

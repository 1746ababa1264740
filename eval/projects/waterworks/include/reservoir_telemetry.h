// ReservoirTelemetry: reads reservoir levels over the field bus, feeds the
// historian's sample queue and publishes level events.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bounded_queue.h"
#include "event_dispatcher.h"
#include "fieldbus_client.h"
#include "historian_writer.h"
#include "status.h"

namespace ww {

struct ReservoirConfig {
  std::string name;
  std::uint8_t unit = 1;
  std::uint16_t level_register = 0;
};

class ReservoirTelemetry {
 public:
  ReservoirTelemetry(std::shared_ptr<FieldbusClient> bus,
                     std::shared_ptr<BoundedQueue<Sample>> samples,
                     std::shared_ptr<EventDispatcher> events, std::vector<ReservoirConfig> reservoirs);

  Status poll_once();
  std::optional<double> last_level(const std::string& name) const;
  std::map<std::string, double> snapshot() const;

 private:
  std::shared_ptr<FieldbusClient> bus_;
  std::shared_ptr<BoundedQueue<Sample>> samples_;
  std::shared_ptr<EventDispatcher> events_;
  std::vector<ReservoirConfig> reservoirs_;
  mutable std::mutex mu_;
  std::map<std::string, double> levels_;
};

}  // namespace ww

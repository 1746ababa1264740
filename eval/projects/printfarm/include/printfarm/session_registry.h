// The printer sessions of the farm, indexed three ways: by name (operator commands), by
// device node (hotplug) and in display order (status page, broadcasts, dispatching).
// remove() closes the session it takes out. Thread-safe.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace printfarm {

class EventBus;
class PrinterSession;

class SessionRegistry {
public:
  explicit SessionRegistry(EventBus &bus);

  void add(std::shared_ptr<PrinterSession> session);
  std::shared_ptr<PrinterSession> find(const std::string &name) const;
  std::shared_ptr<PrinterSession> findByDevice(const std::string &device) const;
  std::shared_ptr<PrinterSession> pickIdle(const std::string &wanted) const;
  std::vector<std::shared_ptr<PrinterSession>> snapshot() const;

  void remove(const std::string &name);
  void broadcast(const std::string &gcode);
  void closeAll();

private:
  EventBus &bus_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<PrinterSession>> byName_;
  std::unordered_map<std::string, std::shared_ptr<PrinterSession>> byDevice_;
  std::vector<std::shared_ptr<PrinterSession>> order_;
};

} // namespace printfarm

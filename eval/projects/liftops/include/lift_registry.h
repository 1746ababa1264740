// LiftRegistry: the chairlift links keyed by lift id. Thread-safe: the lift
// monitor takes snapshots while the ops console adds and removes lifts.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "lift_link.h"
#include "status.h"

namespace liftops {

class LiftRegistry {
public:
  void add(std::shared_ptr<LiftLink> link);
  std::shared_ptr<LiftLink> find(const std::string &liftId) const;
  std::vector<std::shared_ptr<LiftLink>> snapshot() const;
  Status sendTo(const std::string &liftId, const LiftCommand &command);
  void broadcast(const LiftCommand &command);
  void remove(const std::string &liftId);
  void closeAll();

private:
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<LiftLink>> links_;
};

} // namespace liftops

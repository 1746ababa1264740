// SessionRegistry: the connected trucks, keyed by VIN. An evicted session is
// closed at once but its entry lingers (so dispatchers can still see when and
// why the truck dropped) until reap() removes it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "vehicle_session.h"

namespace fleetd {

class Diagnostics;

class SessionRegistry {
public:
  explicit SessionRegistry(Diagnostics &diag);
  ~SessionRegistry();

  // Adopts the session. If the VIN already has an open session the new one
  // is closed and destroyed instead, and the result is false.
  bool attach(const std::string &vin, std::unique_ptr<VehicleSession> session);
  void evict(const std::string &vin, const std::string &reason);
  // Queues a command for the VIN's session. Throws std::out_of_range for an
  // unknown VIN.
  void push(const std::string &vin, const std::string &command);
  bool pushIfLive(const std::string &vin, const std::string &command);
  // Replaces the VIN's session with `incoming`, carrying over the commands
  // the truck has not acknowledged yet.
  Outcome handover(const std::string &vin, std::unique_ptr<VehicleSession> incoming);

  std::shared_ptr<VehicleSession> find(const std::string &vin) const;
  std::vector<std::shared_ptr<VehicleSession>> live() const;
  std::vector<std::pair<int, std::string>> pollTargets() const;
  std::size_t size() const;

  std::size_t closeIdle(std::int64_t nowMs, std::int64_t idleMs);
  void closeAll(const std::string &reason);
  std::size_t reap(std::int64_t nowMs, std::int64_t lingerMs);

private:
  struct Entry {
    std::shared_ptr<VehicleSession> session;
    std::int64_t closedAtMs = 0;
    std::string reason;
  };
  void retire(std::unique_ptr<VehicleSession> session, const char *why);

  Diagnostics &diag_;
  mutable std::mutex mu_;
  std::map<std::string, Entry> entries_;
  std::size_t retired_ = 0;
};

} // namespace fleetd

// Operator console commands: list banks, retire or move a bank, show text on
// a bank's display, unlock a compartment, journal maintenance, health and
// firmware rollouts.
#pragma once
#include <string>
#include <vector>

class CompartmentStore;
class DiagLog;
class FirmwareRollout;
class HealthChecker;
class LinkRegistry;
class PickupCodeService;
struct ServiceSlots;

struct ConsoleReply {
  std::string text;
  bool hangUp = false;
};

class ConsoleCommands {
public:
  ConsoleCommands(LinkRegistry &registry, CompartmentStore &store, ServiceSlots &slots,
                  HealthChecker &health, PickupCodeService &pickup, FirmwareRollout &firmware,
                  DiagLog &diag);

  ConsoleReply execute(const std::string &line);

private:
  std::string cmdBanks() const;
  std::string cmdRetire(const std::string &bankId);
  std::string cmdMove(const std::string &bankId, const std::string &endpoint);
  std::string cmdDisplay(const std::string &bankId, const std::string &text);
  std::string cmdUnlock(const std::string &bankId, const std::string &code);
  std::string cmdJournal(const std::string &action);
  std::string cmdHealth();
  std::string cmdFirmware(const std::string &imagePath, const std::vector<std::string> &banks);

  LinkRegistry &registry_;
  CompartmentStore &store_;
  ServiceSlots &slots_;
  HealthChecker &health_;
  PickupCodeService &pickup_;
  FirmwareRollout &firmware_;
  DiagLog &diag_;
};

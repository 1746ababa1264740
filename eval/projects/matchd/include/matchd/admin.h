// AdminConsole: operator commands (kick, limits, journal rotation, end of
// day), executed one at a time from main's admin loop. Every command is
// recorded in the console's own command log.
#pragma once
#include <cstdint>
#include <string>

#include "matchd/engine.h"
#include "matchd/journal.h"
#include "matchd/registry.h"
#include "matchd/risk_client.h"

namespace matchd {

class AdminConsole {
public:
  AdminConsole(SessionRegistry &reg, Engine &engine, RiskClient &risk, const std::string &cmdLogPath);
  ~AdminConsole();

  // Returns false when the operator asked to quit.
  bool execute(const std::string &cmdline);

private:
  bool kickSession(std::uint64_t id, const std::string &reason);
  bool reloadLimits(const std::string &account, std::int64_t maxNotional);
  bool rotateLog(const std::string &nextPath);
  bool endOfDay();
  bool compact(const std::string &path);
  void log(const std::string &line);

  SessionRegistry &reg_;
  Engine &engine_;
  RiskClient &risk_;
  Journal cmdLog_;
};

} // namespace matchd

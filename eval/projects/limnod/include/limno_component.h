// What every instrument component of the daemon implements.
#pragma once
#include <memory>
#include <string>

struct LimnodSettings;
class LimnoSwitchboard;
class LimnoIntervals;
class SondeCorral;
class LimnoErrands;

/// Shared services a component is built with.
struct LimnoContext {
  const LimnodSettings &settings;
  LimnoSwitchboard &switchboard;
  LimnoIntervals &intervals;
  SondeCorral &corral;
  LimnoErrands &errands;
};

class LimnoComponent {
public:
  virtual ~LimnoComponent() = default;
  virtual const char *kind() const = 0;
  /// Opens the component's connections; called again after stop() on a restart.
  virtual void start() = 0;
  /// One round of work, on the daemon's cycle thread.
  virtual void tick() = 0;
  /// Closes the component's connections.
  virtual void stop() = 0;
  virtual bool healthy() const { return true; }
};

/// Builds the component for a kind ("secchi", "swath", ...); null for an unknown kind.
std::unique_ptr<LimnoComponent> makeLimnoComponent(const std::string &kind, LimnoContext &ctx);

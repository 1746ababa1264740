// The shutdown plan: an ordered list of named steps, built from the gateway's
// components and run one after another by runShutdownPlan().
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace fleetd {

class VehicleListener;
class Watchdog;
class CommandRouter;
class SessionRegistry;
class IngestPipeline;
class TripStore;
class WorkerPool;
class Archiver;
class ConsoleHub;
class AlertPublisher;
class Diagnostics;

struct ShutdownStep {
  std::string name;
  std::function<void()> run;
};

struct ShutdownTargets {
  VehicleListener &listener;
  Watchdog &watchdog;
  CommandRouter &commands;
  SessionRegistry &registry;
  IngestPipeline &ingest;
  TripStore &trips;
  WorkerPool &pool;
  Archiver &archiver;
  ConsoleHub &consoles;
  AlertPublisher &alerts;
};

std::vector<ShutdownStep> buildShutdownPlan(const ShutdownTargets &t);

// Runs every step in order; a step that throws is logged and the plan goes
// on. Returns the number of failed steps.
int runShutdownPlan(const std::vector<ShutdownStep> &plan, Diagnostics &diag);

} // namespace fleetd

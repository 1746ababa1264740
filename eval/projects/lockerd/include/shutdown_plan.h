// The ordered list of steps the daemon runs when it stops.
#pragma once
#include <functional>
#include <string>
#include <vector>

class AlarmMonitor;
class ConsoleServer;
class DiagLog;
class FirmwareRollout;
class LinkRegistry;
class ReconciliationWriter;
class SignalPipe;
class WorkPool;
struct ServiceSlots;

struct ShutdownStep {
  std::string name;
  std::function<void()> run;
};

struct ShutdownTargets {
  ConsoleServer &console;
  FirmwareRollout &firmware;
  WorkPool &pool;
  ServiceSlots &slots;
  AlarmMonitor &alarms;
  LinkRegistry &registry;
  ReconciliationWriter &recon;
  SignalPipe &signals;
  DiagLog &diag;
  std::string day;
};

std::vector<ShutdownStep> buildShutdownPlan(const ShutdownTargets &targets);

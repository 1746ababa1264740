// Orderly shutdown of the head-end as a list of named stages: built by
// buildShutdownPlan() from the parts of the head-end, run one after the
// other by runShutdownPlan(), which carries on past a failed stage.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "reading.h"

class AuditLog;
class Compactor;
class ExportService;
class HealthChecker;
class IngestPipeline;
class LinkAcceptor;
class LinkTable;
class OutageDetector;
class TaskExecutor;

struct ShutdownStage {
  std::string name;
  std::function<void()> run;
};

struct StageReport {
  std::string name;
  bool ok = true;
  std::string error;
  std::int64_t millis = 0;
};

// The parts the stages act on; the head-end owns them and outlives the plan.
struct ShutdownContext {
  LinkAcceptor &acceptor;
  HealthChecker &health;
  IngestPipeline &pipeline;
  LinkTable &links;
  OutageDetector &outages;
  Compactor &compactor;
  ExportService &exports;
  TaskExecutor &executor;
  AuditLog &audit;
  // Handles the frames the links still have buffered and returns the readings among them.
  std::function<std::vector<Reading>()> drainLinks;
  std::function<void()> closeSinks;   // billing publisher, event mirror, ops channel
};

std::vector<ShutdownStage> buildShutdownPlan(ShutdownContext &ctx);
std::vector<StageReport> runShutdownPlan(const std::vector<ShutdownStage> &plan);

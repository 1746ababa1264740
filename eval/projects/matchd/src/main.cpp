// matchd entry point: wires scheduler, pools, registry, risk and drop-copy
// clients, engine, gateway and admin console; runs the admin console on
// stdin; then shuts everything down.
// Planted defects: the shutdown sequence stops the I/O pool while gateway reader
// threads can still post orders to it, and releases the drop-copy producer
// that Engine::stop() has already released.
#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <string>

#include "matchd/admin.h"
#include "matchd/dropcopy.h"
#include "matchd/engine.h"
#include "matchd/gateway.h"
#include "matchd/net_util.h"
#include "matchd/registry.h"
#include "matchd/risk_client.h"
#include "matchd/scheduler.h"
#include "matchd/scope_guard.h"
#include "matchd/worker_pool.h"

using namespace matchd;

namespace {
std::string envOr(const char *name, const std::string &fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}
} // namespace

int main(int argc, char **argv) {
  EngineConfig ecfg;
  GatewayConfig gcfg;
  if (argc > 1) ecfg.journalPath = argv[1];
  const std::string recoverPath = argc > 2 ? argv[2] : "";
  const std::string riskHost = envOr("MATCHD_RISK_HOST", "127.0.0.1");
  const std::string dropHost = envOr("MATCHD_DROPCOPY_HOST", "127.0.0.1");
  gcfg.port = static_cast<std::uint16_t>(std::stoi(envOr("MATCHD_PORT", "9100")));

  Scheduler sched;
  WorkerPool ioPool(4, 4096, "io");
  SessionRegistry reg;

  RiskClient risk(riskHost, 9200);
  try {
    risk.connect();
  } catch (const IoError &e) {
    logError(std::string("matchd: risk server unavailable: ") + e.what());
    return 2;
  }
  DropCopyProducer dropCopy(dropHost, 9300);
  try {
    dropCopy.connect();
  } catch (const IoError &e) {
    logError(std::string("matchd: drop copy unavailable: ") + e.what());
    risk.disconnect(); // OK: error path, main returns next; ~RiskClient's disconnect() is idempotent
    return 2;
  }
  const Scheduler::TimerId keepaliveTimer = sched.scheduleEvery(std::chrono::seconds(5), [&risk] {
    risk.keepalive(); // OK: keepalive() checks the link under the client's lock and skips a closed one
  });
  // Whatever path leaves main, no timer may outlive the objects it touches.
  auto stopTimers = makeScopeGuard([&sched] {
    sched.stop(); // OK: Scheduler::stop() is idempotent; the normal shutdown path already stopped it
  });

  std::unique_ptr<Engine> engine;
  try {
    engine = std::make_unique<Engine>(ecfg, reg, risk, dropCopy, sched);
    if (!recoverPath.empty()) engine->recover(recoverPath);
  } catch (const std::exception &e) {
    logError(std::string("matchd: engine startup failed: ") + e.what());
    return 3; // destructors stop the engine and close the links
  }
  engine->start();

  Gateway gateway(gcfg, reg, *engine, ioPool, sched);
  try {
    gateway.start();
  } catch (const IoError &e) {
    logError(std::string("matchd: gateway startup failed: ") + e.what());
    engine->stop();
    return 4;
  }

  {
    AdminConsole admin(reg, *engine, risk, ecfg.auditPath + ".cmd");
    std::string line;
    while (std::getline(std::cin, line)) {
      try {
        if (!admin.execute(line)) break;
      } catch (const std::exception &e) {
        logError(std::string("admin: ") + e.what());
      }
    }
  }

  logInfo("matchd: shutting down");
  try {
    ioPool.stop(); // SAME: poolOrder
    gateway.stop();
    engine->stop(); // OK: stop() is idempotent; the "eod" command may already have stopped the engine
    sched.cancel(keepaliveTimer);
    dropCopy.release(); // BUG: double-close
    risk.disconnect();
    sched.stop();
  } catch (const std::exception &e) {
    logError(std::string("matchd: shutdown failed: ") + e.what());
    return 1;
  }
  return 0;
}

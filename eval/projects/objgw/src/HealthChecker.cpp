// HealthChecker: periodic probes of the backend connections.
#include "objgw/HealthChecker.h"

#include "objgw/BackendConnection.h"
#include "objgw/BackendPool.h"
#include "objgw/HealthProbe.h"
#include "objgw/LifecycleHooks.h"

#include <string>

namespace objgw {

HealthChecker::HealthChecker(BackendPool &pool, LifecycleHooks &hooks, TaskTimer &timer, std::mutex &backendMu)
    : pool_(pool), hooks_(hooks), timer_(timer), backendMu_(backendMu) {}

HealthChecker::~HealthChecker() { stop(); }

void HealthChecker::start(std::chrono::milliseconds period) {
  if (task_ != 0)
    return;
  task_ = timer_.every(period, [this] {
    std::lock_guard<std::mutex> lk(backendMu_);
    checkOnce();
  });
}

void HealthChecker::stop() {
  if (task_ == 0)
    return;
  timer_.cancel(task_);
  task_ = 0;
}

void HealthChecker::checkOnce() {
  for (const std::string &name : pool_.names()) { // OK: checks are cancelled by Gateway::stop() before it closes the pool
    const std::shared_ptr<BackendConnection> conn = pool_.find(name);
    if (!conn || !conn->isOpen())
      continue; // recycled or already failed: skipped until reopened
    if (probeBackend(*conn))
      continue;
    // The backend stopped answering: drop the socket and tell the rest of the gateway.
    conn->close(); // BUG: double-close
    hooks_.fire(HookKind::BackendDown, HookEvent{name, ""});
  }
}

} // namespace objgw

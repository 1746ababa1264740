// DrainWorkersStep: shuts the worker pool down (queued jobs still run). The
// pool's shutdown() is idempotent, so a pool drained earlier is fine here.
#include "shutdown_steps.h"

#include <cstdio>
#include <utility>

namespace ww {

DrainWorkersStep::DrainWorkersStep(std::shared_ptr<ThreadPool> pool) : pool_(std::move(pool)) {}

const char* DrainWorkersStep::name() const { return "drain workers"; }

Status DrainWorkersStep::run() {
  const std::size_t left = pool_->pending();
  if (left > 0) std::fprintf(stderr, "drain workers: %zu job(s) still queued\n", left);
  pool_->shutdown(); // OK: ThreadPool::shutdown() is idempotent
  return Status::Ok();
}

}  // namespace ww

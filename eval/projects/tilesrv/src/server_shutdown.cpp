// Shutdown stages, run in this order by Server::shutdown(): stop accepting,
// drain the sessions, stop the worker threads, flush the publishers, close
// the cache.
#include "server.h"

#include "log.h"

namespace tilesrv {

void Server::stopAccepting() {
  if (listener_)
    listener_->stop();
  if (admin_)
    admin_->stop();
}

void Server::drainSessions() {
  // Answer what the render threads have already finished before the goodbyes.
  deliverCompletions();
  const std::size_t open = registry_.size();
  registry_.closeAll(CloseReason::Shutdown);
  log::info("closed %zu client sessions", open);
}

void Server::waitForCompaction() {
  if (!compaction_.valid())
    return;
  try {
    compaction_.get();
  } catch (const std::exception &e) {
    log::error("index compaction: %s", e.what());
  }
}

void Server::stopWorkers() {
  if (prefetcher_)
    prefetcher_->stop();
  if (invalidations_)
    invalidations_->stop();
  applyPurges();

  renderer_->stop();
  const std::size_t unanswered = renderer_->backlog(); // OK: backlog() only counts, it does not touch the queue's state
  if (unanswered > 0)
    log::warn("%zu render jobs were never answered", unanswered);

  background_.stop();
  waitForCompaction();
  health_.stop();
  if (replicator_)
    replicator_->close();
}

void Server::flushPublisher() {
  metrics_->stop();
  if (metrics_->dropped() > 0) // OK: dropped() is a counter read
    log::warn("%llu metric records were dropped", static_cast<unsigned long long>(metrics_->dropped()));
  if (audit_)
    audit_->close(); // SAME: audit_closed_twice
}

void Server::closeCache() {
  if (!cache_)
    return;
  if (cache_->needsCompaction()) {
    // Leave a compact index behind so the next start has less to replay.
    background_.async([this] { cache_->compact(); }).get(); // BUG: use-after-close
  }
  cache_->close(); // BUG: use-after-close #cache_final_figures
}

} // namespace tilesrv

// Backfill: once the upstream session is up again, sealed spill files are
// replayed oldest first and removed when every batch was accepted.
#include "backfill.h"

#include "log.h"

namespace histd {

std::size_t replaySpill(SpillJournal &spill, UpstreamForwarder &upstream, std::size_t maxFiles) {
  if (!upstream.isUp())
    return 0;
  std::size_t done = 0;
  for (const std::string &path : spill.sealedFiles()) {
    if (done == maxFiles)
      break;
    std::size_t batches = 0;
    bool complete = true;
    try {
      SpillReader reader(path);
      SampleBatch batch;
      while (reader.next(batch)) {
        if (!upstream.replay(batch)) {
          complete = false;
          break;
        }
        ++batches;
      }
    } catch (const std::exception &e) {
      log::error("backfill: %s: %s; keeping the file for inspection", path.c_str(), e.what());
      continue;
    }
    if (!complete) {
      log::info("backfill: upstream went away after %zu batches of %s", batches, path.c_str());
      break;
    }
    spill.removeSealed(path);
    ++done;
    log::info("backfill: replayed %zu batches from %s", batches, path.c_str());
  }
  return done;
}

} // namespace histd

// StatsReporter: counts progress events (as a listener registered in start())
// and appends a stats line per run to stats.log (FILE*); flush() also records
// the run's stats in the catalog.
//
// Semantics: stop() unregisters the listener, sets stopped_ and closes
// stats.log under mu_; after stop() events and flushes are ignored (checked
// under mu_). stop() is idempotent; the destructor calls it.
#pragma once
#include <array>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

#include "backupd/catalog_conn.h"
#include "backupd/chunk.h"
#include "backupd/listener_registry.h"

namespace backupd {

class StatsReporter {
public:
  StatsReporter(std::shared_ptr<CatalogConn> catalog, ListenerRegistry &registry, std::string path);
  ~StatsReporter();
  StatsReporter(const StatsReporter &) = delete;
  StatsReporter &operator=(const StatsReporter &) = delete;

  void start();
  void flush(const RunResult &result);
  void stop();

private:
  void onEvent(const ProgressEvent &event);

  std::shared_ptr<CatalogConn> catalog_;
  ListenerRegistry &registry_;
  std::string path_;
  std::mutex mu_;
  std::FILE *out_ = nullptr;
  bool stopped_ = false;
  int listenerId_ = -1;
  std::array<unsigned long, 5> counts_{};
};

} // namespace backupd

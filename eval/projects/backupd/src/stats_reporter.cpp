// StatsReporter: see stats_reporter.h.
#include "backupd/stats_reporter.h"

#include <stdexcept>
#include <unistd.h>

namespace backupd {

StatsReporter::StatsReporter(std::shared_ptr<CatalogConn> catalog, ListenerRegistry &registry,
                             std::string path)
    : catalog_(std::move(catalog)), registry_(registry), path_(std::move(path)) {}

StatsReporter::~StatsReporter() { stop(); }

void StatsReporter::start() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    out_ = std::fopen(path_.c_str(), "a");
    if (out_ == nullptr)
      throw std::runtime_error("cannot open stats file " + path_);
  }
  listenerId_ = registry_.add([this](const ProgressEvent &event) { onEvent(event); });
}

void StatsReporter::onEvent(const ProgressEvent &event) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_ || out_ == nullptr)
    return; // fire() may call a listener once more after remove()
  ++counts_[static_cast<std::size_t>(event.kind)];
  if (event.kind == EventKind::ChunkFailed)
    std::fprintf(out_, "failed run=%s chunk=%s\n", event.runId.c_str(), event.subject.c_str()); // OK: stopped_ checked under mu_, which stop() holds while closing out_
}

void StatsReporter::flush(const RunResult &result) {
  std::string line;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_ || out_ == nullptr)
      return;
    line = "files=" + std::to_string(result.files) + " uploaded=" + std::to_string(result.uploaded) +
           " failed=" + std::to_string(result.failed) + " bytes=" + std::to_string(result.bytes) +
           " events_uploaded=" +
           std::to_string(counts_[static_cast<std::size_t>(EventKind::ChunkUploaded)]);
    std::fprintf(out_, "run=%s %s\n", result.runId.c_str(), line.c_str()); // OK: same check under mu_ as onEvent()
    std::fflush(out_);
    counts_.fill(0);
  }
  catalog_->recordStats(result.runId, line); // BUG: use-after-close
}

void StatsReporter::stop() {
  if (listenerId_ >= 0) {
    registry_.remove(listenerId_);
    listenerId_ = -1;
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_)
    return;
  stopped_ = true;
  if (out_ == nullptr)
    return;
  std::fprintf(out_, "stopped\n");
  std::fflush(out_);
  const int fd = ::fileno(out_);
  ::fsync(fd);
  ::close(fd);
  std::fclose(out_); // BUG: double-close
  out_ = nullptr;
}

} // namespace backupd

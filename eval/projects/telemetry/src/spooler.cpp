// spooler.cpp: Spooler, the numbered local spool segments: the current
// segment (a std::optional<SpoolFile>), one-off segments for spilled batches
// and diagnostics, and segments adopted from an earlier run.
#include "telemetry/spooler.h"
#include "telemetry/scope_guard.h"
#include "telemetry/util.h"

#include <exception>
#include <unistd.h>

namespace telemetry {

Spooler::Spooler(std::string spoolDir, std::size_t maxSegmentBytes)
    : spoolDir_(std::move(spoolDir)), maxSegmentBytes_(maxSegmentBytes) {}

std::string Spooler::nextSegmentPath() {
  return spoolDir_ + "/segment-" + std::to_string(::getpid()) + "-" +
         std::to_string(++seq_) + ".spool";
}

bool Spooler::prepareSegment(SpoolFile &segment, const std::string &header) {
  if (segment.append(header) &&
      segment.append("# pid " + std::to_string(::getpid()) + "\n"))
    return true;
  logError("spool: cannot write the header of " + segment.path());
  segment.close();
  return false;
}

void Spooler::rollSegment() {
  if (current_ && current_->is_open())
    current_->close();
  current_.reset();
  current_.emplace(nextSegmentPath());
  current_->append("# segment opened " + nowIso8601() + "\n"); // OK: emplace() constructed a freshly opened segment
}

void Spooler::append(const Metric &m) {
  if (!current_ || !current_->is_open())
    rollSegment();
  current_->append(encodeLine(m));
  if (current_->bytesWritten() >= maxSegmentBytes_)
    finishSegment();
}

void Spooler::spillBatch(const std::vector<Metric> &batch,
                         std::size_t maxLines) {
  const std::string path = nextSegmentPath();
  SpoolFile segment(path);
  std::size_t written = 0;
  {
    ScopeGuard closeSegment([&segment] { segment.close(); });
    for (const auto &m : batch) {
      if (written == maxLines)
        break;
      if (!segment.append(encodeLine(m))) // OK: closeSegment runs at the end of this block
        break;
      ++written;
    }
  }
  logInfo("spool: spilled " + std::to_string(written) + " of " +
          std::to_string(batch.size()) + " metrics to " + path);
  if (written < batch.size())
    segment.append("# truncated, " + std::to_string(batch.size() - written) + " metrics not written\n"); // BUG: use-after-close
}

bool Spooler::spillUrgent(const std::vector<Metric> &batch) {
  SpoolFile segment(nextSegmentPath());
  if (!prepareSegment(segment, "# urgent spill, " +
                                   std::to_string(batch.size()) + " metrics\n"))
    return false;
  for (const auto &m : batch)
    segment.append(encodeLine(m)); // OK: prepareSegment() closes the segment only when it returns false
  segment.close();
  return true;
}

void Spooler::spillDiagnostics(const std::string &report) {
  SpoolFile segment(nextSegmentPath());
  if (!prepareSegment(segment, "# diagnostics " + nowIso8601() + "\n"))
    logWarn("spool: diagnostics header missing, writing the report anyway");
  segment.append(report); // BUG: use-after-close
}

bool Spooler::adoptSegment(const std::string &path) {
  auto segment = std::make_unique<SpoolFile>(path);
  ScopeGuard closeOnFailure([&segment] {
    if (segment && segment->is_open())
      segment->close();
  });
  if (!segment->append("# adopted by pid " + std::to_string(::getpid()) +
                       " at " + nowIso8601() + "\n")) {
    logWarn("spool: cannot adopt " + path);
    return false;
  }
  closeOnFailure.dismiss();
  adopted_.push_back(std::move(segment));
  adopted_.back()->flush(); // OK: the guard was dismissed, the adopted segment is still open
  return true;
}

void Spooler::finishSegment() {
  if (!current_ || !current_->is_open())
    return;
  SpoolFile &segment = *current_;
  const std::string path = segment.path();
  try {
    segment.append("# sealed " + nowIso8601() + ", " +
                   std::to_string(segment.bytesWritten()) + " bytes\n");
    segment.close();
  } catch (const std::exception &e) {
    logError("spool: sealing " + path + " failed: " + e.what());
    segment.append("# seal incomplete\n"); // BUG: use-after-close
  }
}

void Spooler::checkpoint() {
  if (!current_ || !current_->is_open())
    return;
  if (current_->bytesWritten() >= maxSegmentBytes_)
    finishSegment();
  if (!current_->good())
    return; // sealed just above, or the stream has an error
  current_->flush(); // OK: good() is false once the segment is closed
}

} // namespace telemetry

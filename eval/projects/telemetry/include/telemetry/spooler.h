// Spooler: numbered local spool segments for metrics that cannot go through
// the pipeline (inbox full, shutdown, fatal errors) and for diagnostics.
// Used from the main loop's thread only.
#pragma once
#include "telemetry/metric.h"
#include "telemetry/spool_file.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace telemetry {

class Spooler {
public:
  Spooler(std::string spoolDir, std::size_t maxSegmentBytes);

  /// Appends to the current segment, opening a new one when needed.
  void append(const Metric &m);
  /// Writes at most maxLines of the batch to a segment of its own.
  void spillBatch(const std::vector<Metric> &batch, std::size_t maxLines);
  bool spillUrgent(const std::vector<Metric> &batch);
  void spillDiagnostics(const std::string &report);
  /// Takes over a segment left by an earlier run.
  bool adoptSegment(const std::string &path);
  void rollSegment();
  void finishSegment();
  void checkpoint();

  std::vector<std::unique_ptr<SpoolFile>> &adopted() { return adopted_; }

private:
  bool prepareSegment(SpoolFile &segment, const std::string &header);
  std::string nextSegmentPath();

  std::string spoolDir_;
  std::size_t maxSegmentBytes_;
  unsigned seq_ = 0;
  std::optional<SpoolFile> current_;
  std::vector<std::unique_ptr<SpoolFile>> adopted_;
};

} // namespace telemetry

// ExportApi: dispatchers ask for the track of a truck over a time range as
// CSV or GPX; the export is built on the worker pool from the trip files.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "telemetry.h"

namespace fleetd {

class WorkerPool;
class Diagnostics;

struct ExportRequest {
  enum class Format { Csv, Gpx };
  std::string requestId;
  std::string vin;
  std::int64_t fromMs = 0;
  std::int64_t toMs = 0;
  Format format = Format::Csv;
  std::size_t maxPoints = 0; // 0: no limit
};

class ExportApi {
public:
  ExportApi(std::string dataDir, std::string exportDir, std::size_t rowsPerPart, int maxParts,
            WorkerPool &pool, Diagnostics &diag);
  void request(const ExportRequest &req);

private:
  void run(const ExportRequest &req);
  std::vector<PositionReport> load(const ExportRequest &req) const;
  bool writeCsv(const ExportRequest &req, const std::vector<PositionReport> &points);
  bool writeGpx(const ExportRequest &req, const std::vector<PositionReport> &points);
  std::string partPath(const ExportRequest &req, int part) const;

  std::string dataDir_;
  std::string exportDir_;
  std::size_t rowsPerPart_;
  int maxParts_;
  WorkerPool &pool_;
  Diagnostics &diag_;
};

} // namespace fleetd

// ExportApi: builds CSV or GPX exports of a truck's positions over a time
// range from the trip files in the data directory. CSV exports are split
// into parts of rowsPerPart rows, at most maxParts of them; GPX exports stop
// at the request's point budget.
#include "export_api.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <utility>

#include "csv_writer.h"
#include "diagnostics.h"
#include "gpx_writer.h"
#include "worker_pool.h"

namespace fleetd {

namespace fs = std::filesystem;

ExportApi::ExportApi(std::string dataDir, std::string exportDir, std::size_t rowsPerPart,
                     int maxParts, WorkerPool &pool, Diagnostics &diag)
    : dataDir_(std::move(dataDir)), exportDir_(std::move(exportDir)), rowsPerPart_(rowsPerPart),
      maxParts_(maxParts), pool_(pool), diag_(diag) {}

void ExportApi::request(const ExportRequest &req) {
  pool_.submit([this, req] {
    try {
      run(req);
    } catch (const std::exception &e) {
      diag_.printf("export %s failed: %s", req.requestId.c_str(), e.what());
    }
  });
}

void ExportApi::run(const ExportRequest &req) {
  std::vector<PositionReport> points = load(req);
  bool ok = req.format == ExportRequest::Format::Gpx ? writeGpx(req, points) : writeCsv(req, points);
  diag_.printf("export %s for %s: %zu points, %s", req.requestId.c_str(), req.vin.c_str(),
               points.size(), ok ? "done" : "failed");
}

std::vector<PositionReport> ExportApi::load(const ExportRequest &req) const {
  std::vector<PositionReport> points;
  std::error_code ec;
  const std::string prefix = req.vin + "-";
  for (const fs::directory_entry &entry : fs::directory_iterator(dataDir_, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0 || entry.path().extension() != ".csv")
      continue;
    std::ifstream in(entry.path());
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
      PositionReport p;
      if (parseCsvRow(req.vin, line, p) && p.timestampMs >= req.fromMs && p.timestampMs < req.toMs)
        points.push_back(std::move(p));
    }
  }
  std::sort(points.begin(), points.end(), [](const PositionReport &a, const PositionReport &b) {
    return a.timestampMs < b.timestampMs;
  });
  return points;
}

std::string ExportApi::partPath(const ExportRequest &req, int part) const {
  return exportDir_ + "/" + req.requestId + "." + std::to_string(part) + ".csv";
}

bool ExportApi::writeCsv(const ExportRequest &req, const std::vector<PositionReport> &points) {
  int part = 1;
  std::ofstream out(partPath(req, part));
  if (!out)
    return false;
  writeCsvHeader(out);
  std::size_t rowsInPart = 0;
  for (const PositionReport &p : points) {
    if (rowsInPart == rowsPerPart_) {
      out.close();
      if (part < maxParts_) {
        ++part;
        out.open(partPath(req, part));
        writeCsvHeader(out); // OK
        rowsInPart = 0;
      }
    }
    out << formatCsvRow(p) << '\n'; // BUG: use-after-close
    ++rowsInPart;
  }
  out.close();
  return true;
}

bool ExportApi::writeGpx(const ExportRequest &req, const std::vector<PositionReport> &points) {
  std::ofstream out(exportDir_ + "/" + req.requestId + ".gpx");
  if (!out)
    return false;
  writeGpxHeader(out, req.vin);
  std::size_t written = 0;
  bool truncated = false;
  for (const PositionReport &p : points) {
    if (req.maxPoints != 0 && written == req.maxPoints) {
      out.close();
      truncated = true;
      break;
    }
    writeTrackPoint(out, p); // OK
    ++written;
  }
  writeGpxFooter(out); // BUG: use-after-close #gpx-footer
  if (truncated)
    diag_.printf("export %s truncated at %zu points", req.requestId.c_str(), written);
  return true;
}

} // namespace fleetd

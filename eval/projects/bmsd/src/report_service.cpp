// ReportService: once an hour, writes the point report (CSV), the active
// alarm summary (JSON), one sheet per floor (CSV), the floor summary and the
// legacy energy export for the old billing system.
#include "report_service.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <stdexcept>

#include "alarm_rules.h"
#include "diagnostics.h"
#include "format.h"
#include "point_database.h"
#include "report_writers.h"

namespace bmsd {
namespace {

// "L04-AHU-2/SAT" -> "L04"
std::string floorOf(const std::string &pointName) {
  const std::string::size_type dash = pointName.find('-');
  return dash == std::string::npos ? std::string("site") : pointName.substr(0, dash);
}

struct FloorStats {
  std::size_t points = 0;
  double tempSum = 0.0;
  std::size_t temps = 0;
  double kwh = 0.0;
};

std::string formatFloorLine(const std::string &floor,
                            const std::map<std::string, FloorStats> &stats) {
  const FloorStats &s = stats.at(floor);
  const double avg = s.temps ? s.tempSum / static_cast<double>(s.temps) : 0.0;
  return floor + "," + std::to_string(s.points) + "," + formatValue(avg) + "," +
         formatValue(s.kwh);
}

} // namespace

ReportService::ReportService(std::string dir, Diagnostics &diag, std::size_t maxRows)
    : dir_(std::move(dir)), diag_(diag), maxRows_(maxRows) {}

void ReportService::setFloors(std::vector<std::string> floors) {
  floors_ = std::move(floors);
}

void ReportService::maybeGenerate(std::chrono::system_clock::time_point now,
                                  const PointDatabase &db,
                                  const AlarmRulesEngine &rules) {
  const long hour = hourKey(now);
  if (hour == lastHour_)
    return;
  lastHour_ = hour;
  const std::string stamp = std::to_string(hour);
  const std::vector<PointValue> points = db.snapshot();

  Status st = writePointsCsv(points, dir_ + "/points-" + stamp + ".csv");
  if (!st.good())
    diag_.warn("report: %s", st.toString().c_str());
  st = writeAlarmSummary(rules.activeAlarms(), dir_ + "/alarms-" + stamp + ".json");
  if (!st.good())
    diag_.warn("report: %s", st.toString().c_str());
  st = writeFloorSheets(points);
  if (!st.good())
    diag_.warn("report: %s", st.toString().c_str());
  st = writeFloorSummary(points, dir_ + "/floors-" + stamp + ".csv");
  if (!st.good())
    diag_.warn("report: %s", st.toString().c_str());
  st = exportEnergyLegacy(db.snapshotOfKind(PointKind::EnergyKwh),
                          dir_ + "/energy-" + stamp + ".txt");
  if (!st.good())
    diag_.warn("report: %s", st.toString().c_str());
}

Status ReportService::writePointsCsv(const std::vector<PointValue> &points,
                                     const std::string &path) {
  std::ofstream out(path, std::ios::out | std::ios::trunc);
  if (!out.is_open())
    return Status::error(Status::Code::IoError, "cannot create " + path);
  writeCsvHeader(out, {"controller", "point", "kind", "value", "updated"});
  Status status = Status::ok();
  std::size_t rows = 0;
  for (const PointValue &pv : points) {
    if (rows == maxRows_) {
      diag_.warn("report %s: truncated at %zu rows", path.c_str(), rows);
      out.close();
      status = Status::error(Status::Code::Invalid, path + " truncated");
      break;
    }
    writeCsvRow(out, {pv.controllerId, pv.name, kindName(pv.kind),
                      formatValue(pv.value), isoTime(pv.at)});
    ++rows;
  }
  out << "# rows: " << rows << '\n'; // BUG: use-after-close
  return status;
}

Status ReportService::writeAlarmSummary(const std::vector<Alarm> &alarms,
                                        const std::string &path) {
  std::ofstream out(path, std::ios::out | std::ios::trunc);
  if (!out.is_open())
    return Status::error(Status::Code::IoError, "cannot create " + path);
  out << "{\"generated\":\"" << isoTime(std::chrono::system_clock::now())
      << "\",\"alarms\":[";
  std::size_t written = 0;
  for (const Alarm &a : alarms) {
    writeJsonAlarm(out, a, written == 0);
    ++written;
  }
  Status st = closeReport(out, path);
  writeJsonFooter(out, written); // BUG: use-after-close #json-footer
  return st;
}

Status ReportService::writeFloorSheets(const std::vector<PointValue> &points) {
  std::map<std::string, std::vector<const PointValue *>> byFloor;
  for (const PointValue &pv : points)
    byFloor[floorOf(pv.name)].push_back(&pv);

  std::size_t failed = 0;
  std::ofstream out;
  for (const auto &[floor, rows] : byFloor) {
    const std::string path = dir_ + "/floor-" + floor + ".csv";
    out.open(path, std::ios::out | std::ios::trunc);
    if (!out.is_open()) {
      diag_.warn("report: cannot create %s", path.c_str());
      ++failed;
      continue;
    }
    out << "point,kind,value,updated\n"; // OK: reopened at the top of every iteration
    for (const PointValue *pv : rows)
      out << csvEscape(pv->name) << ',' << kindName(pv->kind) << ',' // OK
          << formatValue(pv->value) << ',' << isoTime(pv->at) << '\n';
    out.close();
  }
  if (failed > 0)
    return Status::error(Status::Code::IoError,
                         std::to_string(failed) + " floor sheets not written");
  return Status::ok();
}

Status ReportService::writeFloorSummary(const std::vector<PointValue> &points,
                                        const std::string &path) {
  std::map<std::string, FloorStats> stats;
  std::vector<std::string> floors = floors_;
  for (const PointValue &pv : points) {
    const std::string floor = floorOf(pv.name);
    auto inserted = stats.emplace(floor, FloorStats{});
    if (inserted.second && floors_.empty())
      floors.push_back(floor);
    FloorStats &s = inserted.first->second;
    ++s.points;
    if (pv.kind == PointKind::Temperature) {
      s.tempSum += pv.value;
      ++s.temps;
    } else if (pv.kind == PointKind::EnergyKwh) {
      s.kwh += pv.value;
    }
  }

  std::ofstream out(path, std::ios::out | std::ios::trunc);
  if (!out.is_open())
    return Status::error(Status::Code::IoError, "cannot create " + path);
  Status status = Status::ok();
  try {
    out << "floor,points,avg_temp,kwh\n";
    for (const std::string &floor : floors)
      out << formatFloorLine(floor, stats) << '\n';
    out.close();
  } catch (const std::exception &e) {
    out << "# incomplete: " << e.what() << '\n'; // OK: close() is the try block's last statement
    status = Status::error(Status::Code::Invalid, path + ": " + e.what());
  }
  return status;
}

Status ReportService::exportEnergyLegacy(const std::vector<PointValue> &meters,
                                         const std::string &path) {
  std::string body = "METER;KWH;TIMESTAMP\r\n";
  for (const PointValue &pv : meters)
    body += pv.name + ";" + formatValue(pv.value) + ";" + isoTime(pv.at) + "\r\n";

  FILE *fp = nullptr;
  if (FilePtr file = openExportFile(path))
    fp = file.get();
  if (!fp)
    return Status::error(Status::Code::IoError, "cannot create " + path);
  if (std::fputs(body.c_str(), fp) == EOF) // BUG: use-after-close
    return Status::error(Status::Code::IoError, "writing " + path + " failed");
  return Status::ok();
}

} // namespace bmsd

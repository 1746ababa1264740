// TemperatureRecorder: appends every chilled-compartment reading to a CSV
// log through a RowWriter and remembers the latest reading per compartment
// for the nightly snapshot.
#include "temperature_recorder.h"

#include "csv_format.h"
#include "diag_log.h"

#include <cerrno>
#include <cstring>

namespace {
constexpr std::size_t kBatchRows = 32;
}

TemperatureRecorder::TemperatureRecorder(std::string path, double maxCelsius, DiagLog &diag)
    : path_(std::move(path)), maxCelsius_(maxCelsius), diag_(diag), rows_(kBatchRows) {
  file_ = StdioFile::open(path_, "a");
  if (!file_) {
    diag_.warn("temperature log %s: %s", path_.c_str(), std::strerror(errno));
    return;
  }
  rows_.attach(file_.get());
}

void TemperatureRecorder::record(const DoorEvent &ev) {
  latest_[{ev.bankId, ev.compartment}] = Reading{ev.celsius, ev.at};
  if (!file_)
    return;
  char row[192];
  std::snprintf(row, sizeof row, "%s,%s,%d,%.1f,%s\n", formatTimestamp(ev.at).c_str(),
                ev.bankId.c_str(), ev.compartment, ev.celsius,
                ev.celsius > maxCelsius_ ? "over" : "ok");
  if (!rows_.add(row))
    diag_.warn("temperature log %s: write failed", path_.c_str());
}

void TemperatureRecorder::noteReload() {
  if (!file_)
    return;
  rows_.add("# configuration reloaded at " + formatTimestamp(std::time(nullptr)) + "\n");
}

Status TemperatureRecorder::reopen(const std::string &path) {
  StdioFile next = StdioFile::open(path, "a");
  if (!next)
    return Status::ioError("open " + path, errno);
  if (!rows_.flush() && file_)
    diag_.warn("temperature log %s: rows lost while switching files", path_.c_str());
  file_ = std::move(next);
  rows_.attach(file_.get());
  path_ = path;
  std::fputs("# log reopened\n", file_.get()); // OK
  return Status::success();
}

Status TemperatureRecorder::writeSnapshot(const std::string &path) const {
  if (latest_.empty())
    return Status::success();
  FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return Status::ioError("open " + path, errno);
  std::size_t written = 0;
  for (const auto &entry : latest_) {
    std::fprintf(out, "%s,%d,%.1f,%s\n", entry.first.first.c_str(), entry.first.second, // OK
                 entry.second.celsius, formatTimestamp(entry.second.at).c_str());
    if (++written == latest_.size() && std::fclose(out) != 0)
      return Status::ioError("close " + path, errno);
  }
  return Status::success();
}

void TemperatureRecorder::close() {
  if (!file_)
    return;
  if (!rows_.flush())
    diag_.warn("temperature log %s: final rows lost", path_.c_str());
  rows_.attach(nullptr);
  file_.close();
}

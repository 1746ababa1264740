// MortalityLog: dead-fish counts per pen. record() adds a still from the pen
// camera (a copy of the CameraHub's stream, handed over by Farm) when the
// camera is connected; final_tally() writes the day total with a last still;
// diver sheets (CSV from the dive tablet) can be imported.
#include "mortality_log.h"

#include <cstdio>
#include <cstring>
#include <utility>

#include "csv_export.h"
#include "file_handle.h"

MortalityLog::MortalityLog(std::shared_ptr<Historian> historian, std::shared_ptr<CameraStream> pen_cam)
    : historian_(std::move(historian)), pen_cam_(std::move(pen_cam)) {}

void MortalityLog::record(int pen, int count, const std::string& cause) {
  std::string still = "no-still";
  if (pen_cam_ && pen_cam_->connected()) {
    Result<std::string> shot = pen_cam_->grab_still();  // OK: connected() checked; the hub disconnects it only in the lockdown, on this thread
    if (shot.ok()) still = shot.value();
  }
  std::lock_guard<std::mutex> lk(mu_);
  today_.push_back(MortalityRecord{pen, count, cause});
  historian_->append("mortality pen=" + std::to_string(pen) + " count=" + std::to_string(count) + " cause=" + cause +
                     " still=" + still);
}

Status MortalityLog::final_tally() {
  const int sum = total();
  if (!pen_cam_) {
    historian_->append("mortality.final total=" + std::to_string(sum) + " still=none");
    return Status::Ok();
  }
  Result<std::string> still = pen_cam_->grab_still();  // SAME: stillcam
  historian_->append("mortality.final total=" + std::to_string(sum) + " still=" + (still.ok() ? still.value() : "none"));
  return Status::Ok();
}

Status MortalityLog::export_csv(const std::string& path) const {
  FileHandle out(path, "w");
  if (!out.is_open()) return Status::Error(Errc::Io, "cannot create " + path);
  CsvExport csv(out.release());
  csv.header({"pen", "count", "cause"});
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const MortalityRecord& r : today_) csv.row({std::to_string(r.pen), std::to_string(r.count), r.cause});
  }
  return csv.finish();  // OK: the one close of the stream; `out` gave it up with release()
}

Status MortalityLog::import_diver_sheet(const std::string& path) {
  std::FILE* in = nullptr;
  {
    FileHandle sheet(path, "r");
    if (!sheet.is_open()) return Status::Error(Errc::Io, "cannot open " + path);
    char header[128];
    if (std::fgets(header, sizeof header, sheet.get()) == nullptr) {
      return Status::Error(Errc::Invalid, "empty diver sheet " + path);
    }
    if (std::strncmp(header, "pen,count,cause", 15) != 0) {
      return Status::Error(Errc::Invalid, "not a diver sheet: " + path);
    }
    in = sheet.get();
  }
  char line[256];
  int imported = 0;
  while (std::fgets(line, sizeof line, in) != nullptr) {  // BUG: use-after-close
    int pen = 0;
    int count = 0;
    char cause[128] = {0};
    if (std::sscanf(line, "%d,%d,%127[^\n]", &pen, &count, cause) != 3) continue;
    std::lock_guard<std::mutex> lk(mu_);
    today_.push_back(MortalityRecord{pen, count, cause});
    ++imported;
  }
  if (imported == 0) return Status::Error(Errc::Invalid, "no rows in " + path);
  return Status::Ok();
}

int MortalityLog::total() const {
  std::lock_guard<std::mutex> lk(mu_);
  int sum = 0;
  for (const MortalityRecord& r : today_) sum += r.count;
  return sum;
}

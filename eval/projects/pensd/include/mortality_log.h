// MortalityLog: daily dead-fish counts per pen, with a camera still for the record.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "camera_stream.h"
#include "historian.h"
#include "status.h"

struct MortalityRecord {
  int pen;
  int count;
  std::string cause;
};

class MortalityLog {
 public:
  MortalityLog(std::shared_ptr<Historian> historian, std::shared_ptr<CameraStream> pen_cam);

  void record(int pen, int count, const std::string& cause);
  Status final_tally();  // end-of-day total, with a still of the pen
  Status export_csv(const std::string& path) const;
  Status import_diver_sheet(const std::string& path);
  int total() const;

 private:
  mutable std::mutex mu_;
  std::shared_ptr<Historian> historian_;
  std::shared_ptr<CameraStream> pen_cam_;
  std::vector<MortalityRecord> today_;
};

// Telemetry: counters of the tube network, written as snapshots to a sink file by a job on
// the worker pool.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "raii.h"
#include "status.h"
#include "thread_pool.h"

namespace tubed {

class Telemetry {
 public:
  Telemetry(std::shared_ptr<ThreadPool> workers, std::string sink_path);
  ~Telemetry();

  Status open_sink();
  void count(const std::string& metric, long delta = 1);
  void schedule_upload();
  Status write_snapshot();
  void close_sink();

 private:
  std::shared_ptr<ThreadPool> workers_;
  std::string sink_path_;
  std::mutex mu_;
  FdHandle sink_;
  std::map<std::string, long> counters_;
};

}  // namespace tubed

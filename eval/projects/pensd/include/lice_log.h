// LiceLog: sea-lice counts per fish and pen, for the weekly authority report.
#pragma once

#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "historian.h"
#include "shutdown_sequence.h"
#include "status.h"
#include "thread_pool.h"

class LiceLog {
 public:
  // Caches the historian's current segment for the high-rate per-fish counts and
  // registers the day-total step with the lockdown sequence.
  LiceLog(std::shared_ptr<Historian> historian, std::shared_ptr<ThreadPool> pool, ShutdownSequence& lockdown);

  void record_count(int pen, double lice_per_fish);
  void flush_async();  // writes pen averages to the historian on the pool
  Status export_counts(const std::string& path) const;
  double average(int pen) const;

 private:
  Status write_day_total();
  void flush_now();

  std::shared_ptr<Historian> historian_;
  std::shared_ptr<ThreadPool> pool_;
  std::FILE* tap_;
  mutable std::mutex mu_;
  std::map<int, std::vector<double>> counts_;
};

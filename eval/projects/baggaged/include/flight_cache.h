// FlightInfoCache: flight number -> stand, departure time, make-up carousel
// and sorter chute, refreshed from the flight information system. A snapshot
// plus an update log on disk let a restart route bags before the first
// refresh arrives.
#pragma once
#include "handles.h"
#include "status.h"
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <string>

class WorkerPool;

struct FlightInfo {
  std::string flight;
  std::string stand;
  std::time_t departure = 0;
  int carousel = 0;
  int chute = 0;
};

class FlightInfoCache {
 public:
  FlightInfoCache(std::string snapshotPath, std::string updatesPath, std::shared_ptr<WorkerPool> pool);
  Status load();
  Result<FlightInfo> lookup(const std::string& flight) const;
  void update(const FlightInfo& info);
  Status persist();
  // Runs persist() on the worker pool so the control loop does not block.
  Status persistAsync();
  void close();

 private:
  static std::string format(const FlightInfo& info);
  static bool parse(const std::string& line, FlightInfo& out);
  std::string snapshotPath_;
  std::string updatesPath_;
  std::shared_ptr<WorkerPool> pool_;
  mutable std::mutex mu_;
  std::map<std::string, FlightInfo> flights_;
  FileHandle updates_;
};

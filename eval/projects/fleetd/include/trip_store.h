// TripStore: one CSV trip file per truck and trip, written with stdio and
// rolled over by size. Finished files are indexed and handed to the archiver.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "telemetry.h"
#include "trip_index.h"
#include "trip_journal.h"

namespace fleetd {

struct Config;
class Diagnostics;
class Archiver;

class TripStore {
public:
  TripStore(const Config &cfg, Diagnostics &diag, Archiver &archiver);
  ~TripStore();
  TripStore(const TripStore &) = delete;
  TripStore &operator=(const TripStore &) = delete;

  // False when the point could not be written (the caller may retry it).
  bool append(const PositionReport &p);
  void compactIndex(std::int64_t cutoffMs);
  void markEpoch(const std::string &why);
  void checkpoint();
  void finalizeOpenTrips();
  void closeIndex();
  void closeAll();
  std::size_t openTrips() const;
  std::vector<std::string> filesFor(const std::string &vin) const;

private:
  struct OpenTrip {
    std::string vin;
    std::string path;
    FILE *file = nullptr;
    long bytes = 0;
    int part = 0;
    std::int64_t startedMs = 0;
    std::int64_t lastMs = 0;
  };
  OpenTrip &tripFor(const PositionReport &p);
  void openFile(OpenTrip &t);
  void finish(OpenTrip &t);
  void roll(OpenTrip &t);
  IndexEntry entryFor(const OpenTrip &t) const;
  std::string pathFor(const std::string &vin, std::int64_t startedMs, int part) const;

  mutable std::mutex mu_;
  Diagnostics &diag_;
  Archiver &archiver_;
  std::string dir_;
  long rollBytes_;
  TripJournal journal_;
  TripIndex index_;
  std::map<std::string, OpenTrip> open_;
};

} // namespace fleetd

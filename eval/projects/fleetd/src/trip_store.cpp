// TripStore: appends positions to one CSV file per truck and trip. A trip
// ends after a gap of 30 minutes without positions; a trip file is rolled
// into a new part when it grows past the configured size. Every finished
// file is journaled, indexed and handed to the archiver.
#include "trip_store.h"

#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <stdexcept>
#include <sys/stat.h>
#include <system_error>

#include "archiver.h"
#include "config.h"
#include "diagnostics.h"

namespace fleetd {

namespace {
constexpr std::int64_t kTripGapMs = 30 * 60 * 1000;
}

TripStore::TripStore(const Config &cfg, Diagnostics &diag, Archiver &archiver)
    : diag_(diag), archiver_(archiver), dir_(cfg.dataDir),
      rollBytes_(static_cast<long>(cfg.tripRollBytes)), journal_(cfg.dataDir, diag),
      index_(cfg.dataDir, cfg.indexRollBytes, diag) {}

TripStore::~TripStore() {
  for (auto &entry : open_) {
    if (entry.second.file)
      std::fclose(entry.second.file); // BUG: double-close
  }
}

std::string TripStore::pathFor(const std::string &vin, std::int64_t startedMs, int part) const {
  return dir_ + "/" + vin + "-" + std::to_string(startedMs) + "-" + std::to_string(part) + ".csv";
}

IndexEntry TripStore::entryFor(const OpenTrip &t) const {
  return IndexEntry{t.vin, t.path, t.startedMs, t.lastMs, t.bytes};
}

void TripStore::openFile(OpenTrip &t) {
  t.path = pathFor(t.vin, t.startedMs, t.part);
  t.file = std::fopen(t.path.c_str(), "a");
  if (!t.file)
    throw std::system_error(errno, std::generic_category(), "open trip file " + t.path);
  t.bytes = 0;
  std::fputs("ts,lat,lon,speed_kph,heading,seq\n", t.file); // OK
  journal_.tripStarted(t.vin, t.path);
}

void TripStore::finish(OpenTrip &t) {
  if (t.file) {
    std::fclose(t.file);
    t.file = nullptr;
  }
  journal_.tripEnded(t.vin, t.path, t.bytes);
  index_.append(entryFor(t));
  archiver_.enqueue(t.path);
}

void TripStore::roll(OpenTrip &t) {
  finish(t);
  ++t.part;
  openFile(t);
}

TripStore::OpenTrip &TripStore::tripFor(const PositionReport &p) {
  auto it = open_.find(p.vin);
  if (it != open_.end() && p.timestampMs - it->second.lastMs > kTripGapMs) {
    finish(it->second);
    open_.erase(it);
    it = open_.end();
  }
  if (it == open_.end()) {
    OpenTrip t;
    t.vin = p.vin;
    t.startedMs = p.timestampMs;
    t.lastMs = p.timestampMs;
    it = open_.emplace(p.vin, std::move(t)).first;
  }
  if (!it->second.file)
    openFile(it->second);
  return it->second;
}

bool TripStore::append(const PositionReport &p) {
  std::lock_guard<std::mutex> lock(mu_);
  OpenTrip &t = tripFor(p);
  FILE *f = t.file;
  int n = std::fprintf(f, "%" PRId64 ",%.6f,%.6f,%.1f,%.1f,%" PRIu32 "\n", p.timestampMs,
                       p.where.lat, p.where.lon, p.speedKph, p.headingDeg, p.seq);
  if (n < 0) {
    diag_.printf("trip %s: write failed: %s", t.path.c_str(), std::strerror(errno));
    return false;
  }
  t.bytes += n;
  t.lastMs = p.timestampMs;
  if (t.bytes >= rollBytes_)
    roll(t);
  std::fflush(f); // BUG: use-after-close
  return true;
}

void TripStore::compactIndex(std::int64_t cutoffMs) {
  std::lock_guard<std::mutex> lock(mu_);
  index_.compact(cutoffMs);
}

void TripStore::markEpoch(const std::string &why) {
  std::lock_guard<std::mutex> lock(mu_);
  index_.appendNote(formatTimestamp(nowMs()) + " " + why);
}

void TripStore::checkpoint() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> paths;
  for (const auto &entry : open_)
    paths.push_back(entry.second.path);
  journal_.checkpoint(paths);
}

void TripStore::finalizeOpenTrips() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = open_.begin(); it != open_.end();) {
    OpenTrip &t = it->second;
    index_.append(entryFor(t)); // SAME: plan-index
    if (t.file)
      std::fclose(t.file);
    journal_.tripEnded(t.vin, t.path, t.bytes);
    archiver_.enqueue(t.path);
    it = open_.erase(it);
  }
}

void TripStore::closeIndex() {
  std::lock_guard<std::mutex> lock(mu_);
  index_.close();
}

void TripStore::closeAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &entry : open_) {
    OpenTrip &t = entry.second;
    if (!t.file)
      continue;
    if (std::fclose(t.file) != 0)
      diag_.printf("trip %s: close failed: %s", t.path.c_str(), std::strerror(errno));
    journal_.tripEnded(t.vin, t.path, t.bytes);
  }
  diag_.printf("closed %zu open trip files", open_.size());
}

std::size_t TripStore::openTrips() const {
  std::lock_guard<std::mutex> lock(mu_);
  return open_.size();
}

std::vector<std::string> TripStore::filesFor(const std::string &vin) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> files;
  auto it = open_.find(vin);
  if (it != open_.end())
    files.push_back(it->second.path);
  return files;
}

} // namespace fleetd

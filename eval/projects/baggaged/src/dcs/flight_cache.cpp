// FlightInfoCache: flight number -> stand, departure, carousel and chute.
// load() reads the snapshot and replays the update log; persist() writes a
// new snapshot and starts a fresh update log; persistAsync() runs persist()
// on the worker pool.
#include "flight_cache.h"

#include "worker_pool.h"

#include <cstdio>
#include <sstream>

FlightInfoCache::FlightInfoCache(std::string snapshotPath, std::string updatesPath, std::shared_ptr<WorkerPool> pool)
    : snapshotPath_(std::move(snapshotPath)), updatesPath_(std::move(updatesPath)), pool_(std::move(pool)) {}

Status FlightInfoCache::load() {
  std::lock_guard<std::mutex> lock(mu_);
  FileHandle in(snapshotPath_, "r");
  if (!in.isOpen()) return Status::Error(StatusCode::NotFound, "no flight snapshot at " + snapshotPath_);
  std::string line;
  FlightInfo info;
  while (in.gets(line)) {
    if (parse(line, info)) flights_[info.flight] = info;
  }
  in.close(); // OK: FileHandle::close() is idempotent, the destructor will not close it again
  FileHandle log(updatesPath_, "r");
  while (log.isOpen() && log.gets(line)) {
    if (parse(line, info)) flights_[info.flight] = info;
  }
  log.close();
  updates_ = FileHandle(updatesPath_, "a");
  return Status::Ok();
}

Result<FlightInfo> FlightInfoCache::lookup(const std::string& flight) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = flights_.find(flight);
  if (it == flights_.end()) return Status::Error(StatusCode::NotFound, "unknown flight " + flight);
  return it->second;
}

void FlightInfoCache::update(const FlightInfo& info) {
  std::lock_guard<std::mutex> lock(mu_);
  flights_[info.flight] = info;
  if (updates_.isOpen()) updates_.puts(format(info)); // OK: guarded by isOpen()
}

Status FlightInfoCache::persist() {
  std::lock_guard<std::mutex> lock(mu_);
  std::string tmp = snapshotPath_ + ".tmp";
  FileHandle out(tmp, "w");
  if (!out.isOpen()) return Status::Error(StatusCode::IoError, "cannot write " + tmp);
  for (const auto& [flight, info] : flights_) out.puts(format(info));
  out.flush();
  out.close();
  if (std::rename(tmp.c_str(), snapshotPath_.c_str()) != 0) return Status::Error(StatusCode::IoError, "rename failed");
  updates_.close(); // OK: idempotent; the update log is reopened empty right below
  updates_ = FileHandle(updatesPath_, "w");
  if (updates_.isOpen()) updates_.puts("# updates since snapshot"); // OK: the reopened handle, checked
  return Status::Ok();
}

Status FlightInfoCache::persistAsync() {
  return pool_->post([this] { persist(); }); // SAME: pool_stopped_first
}

void FlightInfoCache::close() {
  std::lock_guard<std::mutex> lock(mu_);
  updates_.close();
}

std::string FlightInfoCache::format(const FlightInfo& info) {
  std::ostringstream os;
  os << info.flight << ' ' << info.stand << ' ' << static_cast<long long>(info.departure) << ' ' << info.carousel << ' '
     << info.chute;
  return os.str();
}

bool FlightInfoCache::parse(const std::string& line, FlightInfo& out) {
  if (line.empty() || line[0] == '#') return false;
  std::istringstream is(line);
  long long departure = 0;
  if (!(is >> out.flight >> out.stand >> departure >> out.carousel >> out.chute)) return false;
  out.departure = static_cast<std::time_t>(departure);
  return true;
}

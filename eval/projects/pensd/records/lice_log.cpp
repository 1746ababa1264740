// LiceLog: per-fish lice counts. High-rate counts go straight to the
// historian's current segment (cached in tap_ by the constructor); pen averages
// are flushed through the historian on the worker pool, or inline once the pool
// is shut down. The constructor adds the day-total step to the lockdown
// sequence (Phase::Final, before the historian is sealed in Phase::Seal).
#include "lice_log.h"

#include <numeric>
#include <string>
#include <utility>

#include "csv_export.h"

namespace {

double mean(const std::vector<double>& v) {
  if (v.empty()) return 0.0;
  return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

}  // namespace

LiceLog::LiceLog(std::shared_ptr<Historian> historian, std::shared_ptr<ThreadPool> pool, ShutdownSequence& lockdown)
    : historian_(std::move(historian)), pool_(std::move(pool)), tap_(historian_->stream()) {
  lockdown.add(Phase::Final, "lice day total", [this] { return write_day_total(); });
}

void LiceLog::record_count(int pen, double lice_per_fish) {
  std::lock_guard<std::mutex> lk(mu_);
  counts_[pen].push_back(lice_per_fish);
  if (tap_ != nullptr) std::fprintf(tap_, "lice pen=%d per_fish=%.2f\n", pen, lice_per_fish);  // SAME: licetap
}

void LiceLog::flush_async() {
  if (pool_->stopped()) {
    flush_now();
    return;
  }
  pool_->submit([this] { flush_now(); });  // OK: stopped() checked above; only the lockdown, on this thread, shuts the pool down
}

void LiceLog::flush_now() {
  std::vector<std::string> lines;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto& entry : counts_) {
      lines.push_back("lice.avg pen=" + std::to_string(entry.first) + " per_fish=" + std::to_string(mean(entry.second)));
    }
  }
  for (const std::string& line : lines) historian_->append(line);
}

Status LiceLog::write_day_total() {
  flush_async();
  std::size_t samples = 0;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto& entry : counts_) samples += entry.second.size();
  }
  historian_->append("lice.day samples=" + std::to_string(samples));  // OK: Phase::Final runs before SealHistorianStep (Phase::Seal)
  return Status::Ok();
}

Status LiceLog::export_counts(const std::string& path) const {
  std::FILE* fp = std::fopen(path.c_str(), "w");
  if (fp == nullptr) return Status::Error(Errc::Io, "cannot create " + path);
  CsvExport csv(fp);
  csv.header({"pen", "samples", "lice_per_fish"});
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto& entry : counts_) {
      csv.row({std::to_string(entry.first), std::to_string(entry.second.size()), std::to_string(mean(entry.second))});
    }
  }
  Status st = csv.finish();
  if (std::fclose(fp) != 0 && st.ok()) return Status::Error(Errc::Io, "close failed on " + path);  // BUG: double-close
  return st;
}

double LiceLog::average(int pen) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = counts_.find(pen);
  return it == counts_.end() ? 0.0 : mean(it->second);
}

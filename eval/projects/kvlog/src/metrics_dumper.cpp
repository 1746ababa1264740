// MetricsDumper: periodic metrics lines on a background thread.
#include "kvlog/metrics_dumper.h"
#include "kvlog/file_guard.h"
#include "kvlog/log.h"

#include <cinttypes>
#include <ctime>
#include <unistd.h>

namespace kvlog {

MetricsDumper::MetricsDumper(Metrics &metrics, std::string path, std::chrono::milliseconds interval)
    : metrics_(metrics), path_(std::move(path)), interval_(interval) {}

MetricsDumper::~MetricsDumper() {
  stop();
  if (out_ != nullptr)
    std::fclose(out_); // SAME: metrics_twice
}

bool MetricsDumper::start() {
  out_ = std::fopen(path_.c_str(), "a");
  if (out_ == nullptr) {
    logWarn("metrics: cannot open %s", path_.c_str());
    return false;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    running_ = true;
  }
  thread_ = std::thread([this] { run(); });
  return true;
}

void MetricsDumper::writeReport(std::FILE *out) {
  std::fprintf(out, "ts=%lld", static_cast<long long>(std::time(nullptr)));
  for (const auto &kv : metrics_.snapshot())
    std::fprintf(out, " %s=%" PRId64, kv.first.c_str(), kv.second);
  std::fputc('\n', out);
}

void MetricsDumper::run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (running_) {
    cv_.wait_for(lock, interval_, [this] { return !running_; });
    writeReport(out_);
    std::fflush(out_); // OK: stop() joins this thread before it closes out_
  }
}

void MetricsDumper::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!running_)
      return;
    running_ = false;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
  if (out_ != nullptr)
    std::fclose(out_);
}

bool MetricsDumper::dumpTo(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (fp == nullptr)
    return false;
  FileGuard guard(fp);
  writeReport(fp);
  bool durable = std::fflush(fp) == 0 && std::ferror(fp) == 0;
  if (durable && ::fsync(::fileno(fp)) != 0)
    durable = false;
  std::fclose(fp);
  return durable;
} // BUG: double-close #guard_twice

} // namespace kvlog

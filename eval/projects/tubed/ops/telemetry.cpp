// Telemetry: counters of the tube network. The sink is a file opened O_APPEND and locked
// with flock() so that only one tubed instance writes it; snapshots are written by a job
// on the worker pool.
#include "telemetry.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/types.h>
#include <unistd.h>

namespace tubed {

Telemetry::Telemetry(std::shared_ptr<ThreadPool> workers, std::string sink_path)
    : workers_(std::move(workers)), sink_path_(std::move(sink_path)) {}

Telemetry::~Telemetry() = default;

Status Telemetry::open_sink() {
  std::lock_guard<std::mutex> lk(mu_);
  const int fd = ::open(sink_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fd < 0) return Status::error(Code::IoError, sink_path_ + ": " + std::strerror(errno));
  sink_.reset(fd);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    sink_.close();
    ::close(fd); // BUG: double-close
    return Status::error(Code::Busy, sink_path_ + " is locked by another tubed");
  }
  return Status::ok();
}

void Telemetry::count(const std::string& metric, long delta) {
  std::lock_guard<std::mutex> lk(mu_);
  counters_[metric] += delta;
}

void Telemetry::schedule_upload() {
  workers_->submit([this] { write_snapshot(); }); // SAME: telemetry_upload
}

Status Telemetry::write_snapshot() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!sink_.valid()) return Status::error(Code::Closed, "telemetry sink closed");
  std::string text;
  for (const auto& [metric, value] : counters_) text += metric + "=" + std::to_string(value) + "\n";
  text += "--\n";
  const ssize_t n = ::write(sink_.get(), text.data(), text.size()); // OK: checked above under mu_, the lock close_sink() takes
  if (n < 0) return Status::error(Code::IoError, std::string("telemetry write: ") + std::strerror(errno));
  return Status::ok();
}

void Telemetry::close_sink() {
  std::lock_guard<std::mutex> lk(mu_);
  sink_.close();
}

}  // namespace tubed

// HistorianWriter: CSV lines "ts,tag,value" appended to <dir>/<stem>.csv; when
// the file passes max_bytes it is renamed to a time-stamped archive and a new
// current file is started.
#include "historian_writer.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

namespace ww {

HistorianWriter::HistorianWriter(std::string dir, std::string stem, std::size_t max_bytes)
    : dir_(std::move(dir)), stem_(std::move(stem)), max_bytes_(max_bytes) {}

HistorianWriter::~HistorianWriter() {
  close(); // OK: close() is a no-op on a writer that was closed already
}

Status HistorianWriter::open() {
  if (file_.is_open()) return Status::Ok();
  if (!file_.open(current_path(), "a"))
    return Status::Error(StatusCode::kIoError, "historian: cannot open " + current_path());
  std::fseek(file_.get(), 0, SEEK_END); // OK: open() just succeeded
  long size = std::ftell(file_.get());
  bytes_ = size > 0 ? static_cast<std::size_t>(size) : 0;
  return Status::Ok();
}

Status HistorianWriter::append(const Sample& sample) {
  if (!file_.is_open()) throw std::runtime_error("historian file closed");
  int n = std::fprintf(file_.get(), "%lld,%s,%.4f\n", static_cast<long long>(sample.ts_ms),
                       sample.tag.c_str(), sample.value);
  if (n < 0) return Status::Error(StatusCode::kIoError, "historian write failed");
  bytes_ += static_cast<std::size_t>(n);
  if (bytes_ >= max_bytes_) return rotate();
  return Status::Ok();
}

Status HistorianWriter::flush() { return file_.flush(); }

Status HistorianWriter::rotate() {
  if (!file_.is_open()) return Status::Error(StatusCode::kClosed, "historian file closed");
  std::fflush(file_.get());
  std::fclose(file_.get());  // the file must not be open while it is renamed
  const std::string current = current_path();
  const std::string archived = archive_path();
  if (std::rename(current.c_str(), archived.c_str()) != 0)
    std::fprintf(stderr, "historian: could not archive %s\n", current.c_str());
  if (!file_.open(current, "a")) return Status::Error(StatusCode::kIoError, "historian: cannot reopen " + current); // BUG: double-close #rotate_reopen
  bytes_ = 0;
  ++rotations_;
  return Status::Ok();
}

void HistorianWriter::close() {
  if (!file_.is_open()) return;
  std::fflush(file_.get());
  file_.close();
}

bool HistorianWriter::is_open() const { return file_.is_open(); }

std::size_t HistorianWriter::bytes_written() const { return bytes_; }

std::size_t HistorianWriter::rotations() const { return rotations_; }

std::string HistorianWriter::current_path() const { return dir_ + "/" + stem_ + ".csv"; }

std::string HistorianWriter::archive_path() const {
  return dir_ + "/" + stem_ + "." + std::to_string(wall_clock_ms()) + ".csv";
}

}  // namespace ww

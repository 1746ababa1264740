// Historian: numbered log segments under one directory. append() writes a line
// under mu_; rotate() opens the next segment first and only then swaps it in,
// so a failed rotation leaves the current segment in place; close() is
// idempotent and open() reopens the current segment after a close().
#include "historian.h"

#include <stdexcept>
#include <utility>

Historian::Historian(std::string dir, std::string base)
    : dir_(std::move(dir)), base_(std::move(base)), segment_(0), bytes_(0) {}

Historian::~Historian() {
  close();  // OK: idempotent; the lockdown normally sealed the historian already
}

std::string Historian::path_for(unsigned segment) const {
  return dir_ + "/" + base_ + "." + std::to_string(segment) + ".log";
}

Status Historian::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (current_.is_open()) return Status::Ok();
  const std::string path = path_for(segment_);
  FileHandle fh(path, "a");
  if (!fh.is_open()) return Status::Error(Errc::Io, "cannot open " + path);
  current_ = std::move(fh);
  current_path_ = path;
  return Status::Ok();
}

void Historian::append(const std::string& line) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!current_.is_open()) throw std::runtime_error("historian closed");
  std::fputs(line.c_str(), current_.get());
  std::fputc('\n', current_.get());
  bytes_ += line.size() + 1;
}

Status Historian::rotate() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!current_.is_open()) return Status::Error(Errc::Closed, "historian closed");
  const std::string next_path = path_for(segment_ + 1);
  FileHandle next(next_path, "a");
  if (!next.is_open()) return Status::Error(Errc::Io, "cannot open " + next_path + ", staying on " + current_path_);
  std::FILE* old = current_.get();
  const std::string old_path = current_path_;
  current_ = std::move(next);
  ++segment_;
  current_path_ = next_path;
  bytes_ = 0;
  std::fprintf(old, "# continued in %s\n", next_path.c_str());  // BUG: use-after-close
  std::fprintf(current_.get(), "# continued from %s\n", old_path.c_str());  // OK: current_ holds the segment opened above
  return Status::Ok();
}

void Historian::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (current_.is_open()) std::fflush(current_.get());
  current_.close();
}

bool Historian::is_open() const {
  std::lock_guard<std::mutex> lk(mu_);
  return current_.is_open();
}

std::FILE* Historian::stream() const {
  std::lock_guard<std::mutex> lk(mu_);
  return current_.get();
}

std::string Historian::segment_path() const {
  std::lock_guard<std::mutex> lk(mu_);
  return current_path_;
}

std::size_t Historian::bytes_written() const {
  std::lock_guard<std::mutex> lk(mu_);
  return bytes_;
}

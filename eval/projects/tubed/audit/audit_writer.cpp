// AuditWriter: append-only audit trail over a FILE*, one timestamped line per entry. When
// the next line would pass max_bytes, write() rotates: the file is closed, renamed to
// <path>.<generation> and a fresh one is opened; if that fails, write() throws rather
// than writing. rotate() leaves the writer closed on failure and says so in its Status.
// Negative file: every fputs/fflush runs on a stream that is open on that path.
#include "audit_writer.h"

#include <ctime>
#include <stdexcept>

namespace tubed {

namespace {
std::string timestamp() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::localtime_r(&now, &tm);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  return buf;
}
}  // namespace

AuditWriter::AuditWriter(std::string path, std::size_t max_bytes) : path_(std::move(path)), max_bytes_(max_bytes) {}

AuditWriter::~AuditWriter() {
  close(); // OK: idempotent
}

Status AuditWriter::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_ != nullptr) return Status::ok();
  fp_ = std::fopen(path_.c_str(), "a");
  if (fp_ == nullptr) return Status::error(Code::IoError, "cannot open audit trail " + path_);
  std::fseek(fp_, 0, SEEK_END);
  const long size = std::ftell(fp_);
  bytes_ = size > 0 ? static_cast<std::size_t>(size) : 0;
  return Status::ok();
}

void AuditWriter::write(const std::string& line) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_ == nullptr) throw std::runtime_error("audit trail closed: " + path_);
  append_locked(line);
}

bool AuditWriter::try_write(const std::string& line) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_ == nullptr) return false;
  append_locked(line);
  return true;
}

void AuditWriter::append_locked(const std::string& line) {
  const std::string stamped = timestamp() + " " + line + "\n";
  if (bytes_ + stamped.size() > max_bytes_) {
    Status s = rotate_locked();
    if (!s.is_ok()) throw std::runtime_error("audit rotation failed: " + s.to_string());
  }
  if (std::fputs(stamped.c_str(), fp_) < 0) throw std::runtime_error("audit write failed: " + path_); // OK: rotate_locked() reopened fp_, or we threw above
  bytes_ += stamped.size();
}

Status AuditWriter::rotate() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_ == nullptr) return Status::error(Code::Closed, "audit trail closed: " + path_);
  return rotate_locked();
}

Status AuditWriter::rotate_locked() {
  std::fclose(fp_);
  fp_ = nullptr;
  ++generation_;
  const std::string archived = path_ + "." + std::to_string(generation_);
  if (std::rename(path_.c_str(), archived.c_str()) != 0) {
    return Status::error(Code::IoError, "cannot rename " + path_ + "; audit trail left closed");
  }
  fp_ = std::fopen(path_.c_str(), "a");
  if (fp_ == nullptr) return Status::error(Code::IoError, "cannot reopen " + path_ + "; audit trail left closed");
  bytes_ = 0;
  return Status::ok();
}

void AuditWriter::flush() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_ != nullptr) std::fflush(fp_); // OK: guarded under mu_
}

void AuditWriter::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_ == nullptr) return;
  std::fclose(fp_);
  fp_ = nullptr;
}

bool AuditWriter::is_open() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fp_ != nullptr;
}

std::size_t AuditWriter::bytes_written() const {
  std::lock_guard<std::mutex> lk(mu_);
  return bytes_;
}

const std::string& AuditWriter::path() const { return path_; }

int AuditWriter::generation() const {
  std::lock_guard<std::mutex> lk(mu_);
  return generation_;
}

}  // namespace tubed

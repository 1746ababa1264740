// QueryLog: append-only query log with size-based rotation.
#include "sqlproxy/QueryLog.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

namespace sqlproxy {

namespace {

std::string oneLine(const std::string &sql) {
  std::string out;
  out.reserve(sql.size());
  for (char c : sql)
    out.push_back(c == '\n' || c == '\r' ? ' ' : c);
  return out;
}

long long epochMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

} // namespace

QueryLog::QueryLog(std::string path, std::size_t maxBytes)
    : path_(std::move(path)), maxBytes_(maxBytes) {
  fp_ = std::fopen(path_.c_str(), "a");
  if (!fp_)
    throw std::runtime_error("cannot open query log " + path_ + ": " + std::strerror(errno));
  std::fseek(fp_, 0, SEEK_END);
  const long size = std::ftell(fp_);
  bytes_ = size > 0 ? static_cast<std::size_t>(size) : 0;
}

QueryLog::~QueryLog() {
  if (fp_)
    std::fclose(fp_); // OK: close() sets fp_ to nullptr, so this only runs when close() never did
}

void QueryLog::append(uint64_t session, const std::string &sql, std::chrono::microseconds elapsed) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("query log " + path_ + " is closed");
  if (!fp_) {
    ++dropped_; // a rotation could not reopen the file; wait for the next one
    return;
  }
  const int n = std::fprintf(fp_, "%lld session=%llu us=%lld %s\n", epochMillis(),
                             static_cast<unsigned long long>(session),
                             static_cast<long long>(elapsed.count()), oneLine(sql).c_str());
  if (n > 0)
    bytes_ += static_cast<std::size_t>(n);
  if (maxBytes_ != 0 && bytes_ >= maxBytes_)
    rotateLocked();
}

bool QueryLog::rotate() {
  std::lock_guard<std::mutex> lk(mu_);
  return rotateLocked();
}

bool QueryLog::rotateLocked() {
  if (closed_)
    return false;
  if (!fp_) {
    // The previous rotation could not open a new file: just try again.
    fp_ = std::fopen(path_.c_str(), "a");
    bytes_ = 0;
    return fp_ != nullptr;
  }
  std::fflush(fp_);
  std::fclose(fp_);
  const std::string archived = path_ + "." + std::to_string(++generation_);
  if (std::rename(path_.c_str(), archived.c_str()) != 0) {
    std::fprintf(fp_, "-- rotation to %s failed: %s\n", archived.c_str(), std::strerror(errno)); // BUG: use-after-close
    fp_ = std::fopen(path_.c_str(), "a"); // keep writing to the unrotated file
    return false;
  }
  fp_ = std::fopen(path_.c_str(), "a");
  bytes_ = 0;
  if (!fp_)
    return false;
  std::fprintf(fp_, "-- continued from %s\n", archived.c_str()); // OK: fp_ is the file opened just above
  return true;
}

bool QueryLog::reopen(const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("query log " + path_ + " is closed");
  std::FILE *next = std::fopen(path.c_str(), "a");
  if (!next)
    return false;
  if (fp_)
    std::fclose(fp_);
  fp_ = next;
  path_ = path;
  std::fseek(fp_, 0, SEEK_END);
  const long size = std::ftell(fp_);
  bytes_ = size > 0 ? static_cast<std::size_t>(size) : 0;
  std::fprintf(fp_, "-- log reopened\n"); // OK: fp_ was replaced by the newly opened file
  return true;
}

void QueryLog::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  if (fp_) {
    std::fclose(fp_);
    fp_ = nullptr;
  }
}

uint64_t QueryLog::dropped() const {
  std::lock_guard<std::mutex> lk(mu_);
  return dropped_;
}

std::string QueryLog::path() const {
  std::lock_guard<std::mutex> lk(mu_);
  return path_;
}

} // namespace sqlproxy

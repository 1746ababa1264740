// AccessLog: timestamped access log with rotation.
#include "objgw/AccessLog.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iostream>
#include <stdexcept>

namespace objgw {

AccessLog::AccessLog(std::string path) : path_(std::move(path)) {
  out_.open(path_, std::ios::app);
  if (!out_.is_open())
    throw std::runtime_error("cannot open access log " + path_);
}

AccessLog::~AccessLog() {
  close(); // OK: close() is idempotent
}

std::string AccessLog::stamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void AccessLog::write(const std::string &line) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("access log closed: " + path_);
  const std::string entry = stamp() + " " + line;
  if (out_.is_open()) {
    out_ << entry << '\n'; // OK: guarded by is_open(); after a failed reopen entries go to stderr
    out_.flush();
  } else {
    std::cerr << entry << '\n';
  }
}

void AccessLog::rotate() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  const std::string rotated = path_ + "." + std::to_string(++rotations_);
  out_.close();
  if (std::rename(path_.c_str(), rotated.c_str()) != 0) {
    const int err = errno;
    out_ << stamp() << " rotation to " << rotated << " failed: " << std::strerror(err) << '\n'; // BUG: use-after-close
    out_.open(path_, std::ios::app);
    return;
  }
  out_.open(path_, std::ios::app);
  if (!out_.is_open()) {
    std::cerr << stamp() << " cannot reopen access log " << path_ << '\n';
    return;
  }
  out_ << stamp() << " log rotated, previous entries in " << rotated << '\n'; // OK: the stream was reopened above
  out_.flush();
}

void AccessLog::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  if (out_.is_open())
    out_.close(); // OK: runs once, closed_ is checked and set above under the lock
}

bool AccessLog::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !closed_;
}

} // namespace objgw

// DeliveryLog: appends one line per receipt to a FILE* and rotates the file
// (fclose, rename to <path>.<n>, fopen a new one) when it grows past maxBytes.
// close() is meant to be idempotent (file_ is reset to nullptr).
// Bug (use-after-close) in append(): rotateLocked() closes the stream first;
// when the fopen() of the new file then fails (EMFILE, ENOSPC, a permission
// change on the directory...) it returns false "keeping the current stream",
// but that stream is the one it has just closed. append() ignores the result
// and fprintf()s to the closed FILE* (undefined behaviour), on this append and
// every later one.
// Bug (double-close) in close(): on the same path file_ still points at the
// stream rotateLocked() closed, so close() (called by Gateway::stop() and by
// the destructor) fclose()s it a second time.
#include "pushgw/delivery_log.h"

#include <cerrno>
#include <cstring>
#include <ctime>

namespace pushgw {

DeliveryLog::DeliveryLog(std::string path, std::size_t maxBytes)
    : path_(std::move(path)), maxBytes_(maxBytes == 0 ? 1 : maxBytes) {}

DeliveryLog::~DeliveryLog() { close(); }

bool DeliveryLog::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (file_)
    return true;
  file_ = std::fopen(path_.c_str(), "a");
  if (!file_)
    return false;
  std::setvbuf(file_, nullptr, _IOLBF, 0);
  if (std::fseek(file_, 0, SEEK_END) == 0) {
    const long size = std::ftell(file_);
    written_ = size > 0 ? static_cast<std::size_t>(size) : 0;
  }
  return true;
}

bool DeliveryLog::rotateLocked() {
  std::fclose(file_);
  const std::string archived = path_ + "." + std::to_string(++generation_);
  if (std::rename(path_.c_str(), archived.c_str()) != 0)
    std::fprintf(stderr, "delivery log: rename %s -> %s: %s\n", path_.c_str(),
                 archived.c_str(), std::strerror(errno));
  written_ = 0;
  std::FILE *fresh = std::fopen(path_.c_str(), "a");
  if (!fresh) {
    std::fprintf(stderr,
                 "delivery log: cannot reopen %s (%s), keeping the current stream\n",
                 path_.c_str(), std::strerror(errno));
    return false;
  }
  std::setvbuf(fresh, nullptr, _IOLBF, 0);
  file_ = fresh;
  return true;
}

void DeliveryLog::append(const DeliveryReceipt &r) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!file_)
    return; // not opened yet, or closed by Gateway::stop()
  if (written_ >= maxBytes_)
    rotateLocked();
  const int n = std::fprintf(file_, "%lld %s\n", static_cast<long long>(std::time(nullptr)), encodeReceipt(r).c_str()); // BUG: use-after-close
  if (n > 0)
    written_ += static_cast<std::size_t>(n);
}

void DeliveryLog::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!file_)
    return;
  std::fclose(file_); // BUG: double-close
  file_ = nullptr;
}

} // namespace pushgw

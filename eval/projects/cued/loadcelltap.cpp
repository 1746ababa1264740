// A cable load cell on an IIO ADC channel. Negative: the class is move-only
// (the descriptor moves with std::exchange and the source is left at -1),
// close() resets fd_, and kilograms() refuses to read a closed tap, so the
// copies a vector makes when it grows never share a descriptor.
#include "loadcelltap.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace cued {

LoadCellTap::LoadCellTap(const std::string &rawPath, double kgPerCount)
    : path_(rawPath), kgPerCount_(kgPerCount) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path_);
}

LoadCellTap::~LoadCellTap() { close(); }

LoadCellTap::LoadCellTap(LoadCellTap &&other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)),
      kgPerCount_(other.kgPerCount_) {}

LoadCellTap &LoadCellTap::operator=(LoadCellTap &&other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
    kgPerCount_ = other.kgPerCount_;
  }
  return *this;
}

double LoadCellTap::kilograms() const {
  if (fd_ < 0)
    throw std::logic_error("load cell " + path_ + " is closed");
  char buf[32] = {};
  const ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
  if (n < 0)
    throw std::system_error(errno, std::generic_category(), "read " + path_);
  return std::strtol(buf, nullptr, 10) * kgPerCount_;
}

void LoadCellTap::close() noexcept {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}

} // namespace cued

// DetectorHandle: copying dup()s the descriptor, so every copy owns its own
// and closing one copy leaves the others readable. crossCheckDetector reads
// through two copies and closes each, which is correct for that reason.
#include "detector_copies.h"

#include "shiftlog.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

DetectorHandle::DetectorHandle(const std::string &device) : device_(device) {
  fd_ = ::open(device.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(), device);
}

DetectorHandle::DetectorHandle(const DetectorHandle &other)
    : fd_(other.fd_ >= 0 ? ::dup(other.fd_) : -1), device_(other.device_) {
  if (other.fd_ >= 0 && fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "dup " + device_);
}

DetectorHandle &DetectorHandle::operator=(const DetectorHandle &other) {
  if (this != &other) {
    DetectorHandle copy(other);
    close();
    fd_ = copy.fd_;
    copy.fd_ = -1;
    device_ = other.device_;
  }
  return *this;
}

DetectorHandle::~DetectorHandle() {
  if (fd_ >= 0)
    ::close(fd_); // OK
}

double DetectorHandle::readMilliwatts() {
  if (fd_ < 0)
    throw std::runtime_error("detector " + device_ + " is closed");
  char buf[32] = {};
  const ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
  if (n <= 0)
    throw std::system_error(errno, std::generic_category(), device_);
  return std::strtod(buf, nullptr);
}

void DetectorHandle::close() {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}

double crossCheckDetector(const DetectorHandle &detector, ShiftLog &log) {
  DetectorHandle forLogger = detector;
  DetectorHandle forCheck = detector;
  const double logged = forLogger.readMilliwatts();
  forLogger.close();
  const double checked = forCheck.readMilliwatts(); // OK
  forCheck.close(); // OK
  const double spread = std::fabs(logged - checked);
  if (spread > 0.05 * std::fabs(logged)) {
    char entry[96];
    std::snprintf(entry, sizeof entry,
                  "total-power detector unstable: %.4f vs %.4f mW", logged,
                  checked);
    log.append(entry);
  }
  return checked;
}

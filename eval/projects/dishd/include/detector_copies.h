// DetectorHandle: the total-power detector device. Copies are independent
// handles (the descriptor is duplicated), so the total-power logger and the
// cross-check each own and close their own.
#pragma once
#include <string>

class ShiftLog;

class DetectorHandle {
public:
  explicit DetectorHandle(const std::string &device);
  DetectorHandle(const DetectorHandle &other);
  DetectorHandle &operator=(const DetectorHandle &other);
  ~DetectorHandle();

  /// One power reading; throws std::runtime_error once closed.
  double readMilliwatts();
  void close();
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_ = -1;
  std::string device_;
};

/// Reads the detector through two independent copies and logs the spread.
double crossCheckDetector(const DetectorHandle &detector, ShiftLog &log);

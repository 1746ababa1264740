// GpioSense: one studio GPIO input (mic-live, fader start, transmitter fault)
// read from sysfs; the value file is reopened lazily after an error.
#pragma once
#include <string>

class GpioSense {
public:
  explicit GpioSense(std::string valuePath);
  ~GpioSense();
  GpioSense(const GpioSense &) = delete;
  GpioSense &operator=(const GpioSense &) = delete;

  /// 1 or 0, or -1 when the input cannot be read.
  int level();
  bool waitEdge(int timeoutMs);
  void release();

private:
  bool ensureOpen();

  std::string path_;
  int fd_ = -1;
};

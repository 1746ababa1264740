// Digitizer: the sampler card behind /dev/adcN, hidden behind a pimpl so the
// driver's ioctl headers stay out of the rest of dishd.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

class Digitizer {
public:
  explicit Digitizer(const std::string &device);
  ~Digitizer();
  Digitizer(Digitizer &&other) noexcept;
  Digitizer &operator=(Digitizer &&other) noexcept;

  /// Arms for blocks of `samples`; throws once the device is closed.
  void arm(int samples);
  /// Reads one block; throws once the device is closed or when not armed.
  std::vector<std::int16_t> readBlock();
  void close();
  void reopen();
  bool armed() const;
  bool isOpen() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

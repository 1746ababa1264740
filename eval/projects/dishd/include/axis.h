// Pointing drives. AxisDrive is the interface MountDriver works through; the
// azimuth and elevation drives are PLCs on the network, the feed turret is a
// stepper controller on a serial line.
#pragma once
#include "netline.h"
#include <cstdint>
#include <memory>
#include <string>

class AxisDrive {
public:
  virtual ~AxisDrive() = default;
  virtual const char *name() const = 0;
  /// Commands a slew; throws std::runtime_error once the drive is closed.
  virtual void slewTo(double degrees) = 0;
  /// Queries the encoder; throws std::runtime_error once closed.
  virtual double position() = 0;
  /// Drives to the stow position and sets the brake.
  virtual void stow() = 0;
  /// Releases the drive line; the PLC brakes on link loss. Idempotent.
  virtual void close() = 0;
  virtual bool engaged() const = 0;
};

class AzimuthAxis final : public AxisDrive {
public:
  AzimuthAxis(const std::string &host, std::uint16_t port);
  const char *name() const override { return "azimuth"; }
  void slewTo(double degrees) override;
  double position() override;
  void stow() override;
  void close() override;
  bool engaged() const override { return static_cast<bool>(line_); }

private:
  NetLine line_;
  double wrap_ = 0.0;
};

class ElevationAxis final : public AxisDrive {
public:
  ElevationAxis(const std::string &host, std::uint16_t port);
  const char *name() const override { return "elevation"; }
  void slewTo(double degrees) override;
  double position() override;
  void stow() override;
  void close() override;
  bool engaged() const override { return static_cast<bool>(line_); }

private:
  NetLine line_;
};

class FeedTurretAxis final : public AxisDrive {
public:
  /// Takes ownership of an open serial descriptor.
  explicit FeedTurretAxis(int ttyFd);
  ~FeedTurretAxis() override;
  FeedTurretAxis(const FeedTurretAxis &) = delete;
  FeedTurretAxis &operator=(const FeedTurretAxis &) = delete;
  const char *name() const override { return "turret"; }
  void slewTo(double degrees) override;
  double position() override;
  void stow() override;
  void close() override;
  bool engaged() const override { return engaged_; }

private:
  std::string exchange(const std::string &command);
  int fd_;
  bool engaged_ = true;
};

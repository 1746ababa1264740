// The motor driver interface every flown lineset, the revolve and the iron
// sit behind. Implementations: ServoAxis (RS-485 drive bus), VfdAxis
// (networked variable-frequency drive), SimAxis (rehearsal simulator).
#pragma once
#include <string>

namespace cued {

class AxisDrive {
public:
  virtual ~AxisDrive() = default;

  virtual const std::string &name() const = 0;
  /// Starts a move. Throws std::runtime_error once the drive is released.
  virtual void moveTo(double metres, double speed) = 0;
  /// Last known position; cached, so still valid after release().
  virtual double position() const = 0;
  /// Polls the controller. A released drive reports false.
  virtual bool moving() = 0;
  /// Flies to the park trim. Throws std::runtime_error once released.
  virtual void park() = 0;
  /// De-energises the drive (brakes set) and drops its controller link.
  virtual void release() = 0;
  virtual bool released() const = 0;
  virtual int faults() const = 0;
};

} // namespace cued

// SiderealFollower: drives the pointing computer (PCU) that turns a source's
// RA/Dec into a continuously updated az/el track.
#pragma once
#include "netline.h"
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

class SiderealFollower {
public:
  enum class State { Idle, Slewing, Tracking, Stopped };

  SiderealFollower(std::string host, std::uint16_t port);
  void follow(const std::string &source, double raDeg, double decDeg);
  /// Called when the PCU reports the track has settled.
  void onSettled();
  /// Pointing offset from the fringe fitter; ignored unless tracking.
  void applyOffset(double dAzArcsec, double dElArcsec);
  /// Tells the PCU where the dish was left.
  void reportParked(double azDeg, double elDeg);
  /// Stops tracking and closes the PCU line.
  void stop();
  /// Opens a fresh PCU line after stop().
  void restart();
  std::pair<double, double> lastCommanded() const;
  State state() const;

private:
  std::string host_;
  std::uint16_t port_;
  mutable std::mutex mu_;
  State state_ = State::Idle;
  std::optional<NetLine> pcu_;
  double az_ = 0.0;
  double el_ = 90.0;
};

// The fly rail: every motorised axis of the flying system, built from the
// line plot. The rail owns the drives' service life: its destructor releases
// them all.
#pragma once
#include "axisdrive.h"
#include "drivebus.h"
#include "lineplot.h"
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cued {

class Stagehands;

class Flyrail {
public:
  Flyrail(const LinePlot &plot, std::shared_ptr<DriveBus> bus);
  ~Flyrail();
  Flyrail(const Flyrail &) = delete;
  Flyrail &operator=(const Flyrail &) = delete;

  /// Throws std::out_of_range for an unknown lineset.
  AxisDrive &axis(const std::string &name);
  std::shared_ptr<AxisDrive> share(const std::string &name);
  std::vector<std::shared_ptr<AxisDrive>> &axes() { return axes_; }

  /// Releases every drive (brakes set).
  void haltAll();
  /// Posts one park job per live drive.
  void parkAll(Stagehands &hands);
  bool moving();
  std::vector<std::pair<std::string, double>> snapshot() const;
  /// Takes a drive out of service and flies its replacement to the same trim.
  void swapController(const std::string &name,
                      std::shared_ptr<AxisDrive> fresh);

private:
  std::vector<std::shared_ptr<AxisDrive>> axes_;
  std::unordered_map<std::string, std::size_t> index_;
};

} // namespace cued

// Creating drives from the plot and taking them out of service.
#pragma once
#include "axisdrive.h"
#include "drivebus.h"
#include "lineplot.h"
#include <memory>

namespace cued {

/// Builds the driver named by spec.kind.
std::shared_ptr<AxisDrive> makeAxis(const LineSpec &spec,
                                    const std::shared_ptr<DriveBus> &bus);

/// Parks the drive (best effort) and releases it. Does nothing for a drive
/// that is already released.
void retireAxis(AxisDrive &axis) noexcept;

/// Quick-stops every controller on the bus and shuts the bus down.
void cutDrives(DriveBus &bus);

} // namespace cued

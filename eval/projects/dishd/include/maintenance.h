// Maintenance procedures run from the operator's console.
#pragma once
#include "axis.h"
#include <memory>
#include <vector>

class ShiftLog;
class SubsystemDirectory;
class MountDriver;

void cycleReceiver(SubsystemDirectory &directory, ShiftLog &log);
void releaseDrivesForService(std::vector<std::unique_ptr<AxisDrive>> &axes,
                             ShiftLog &log);
void inspectAfterHalt(MountDriver &mount, ShiftLog &log);

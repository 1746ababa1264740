// Maintenance procedures: power-cycling the receiver subsystems, releasing
// the drives to the mechanics, and the post-halt inspection jog.
#include "maintenance.h"

#include "mount_driver.h"
#include "shiftlog.h"
#include "subsystem_directory.h"

#include <cstdio>

void cycleReceiver(SubsystemDirectory &directory, ShiftLog &log) {
  directory.stopAll();
  log.append("receiver cycle: all subsystems stopped");

  if (auto cryostat = directory.find("cryostat")) {
    cryostat->start();
    cryostat->command("REGEN START"); // OK
  }
  if (auto lo = directory.find("oscillator"))
    lo->command("RF OFF"); // BUG: use-after-close
  log.append("receiver cycle: regeneration running, RF off");
}

void releaseDrivesForService(std::vector<std::unique_ptr<AxisDrive>> &axes,
                             ShiftLog &log) {
  for (auto &axis : axes) {
    if (axis->engaged())
      axis->stow();
    axis->close();
  }
  for (const auto &axis : axes) {
    char entry[96];
    std::snprintf(entry, sizeof entry, "%s released for service at %.3f deg", axis->name(), axis->position()); // BUG: use-after-close
    log.append(entry);
  }
}

void inspectAfterHalt(MountDriver &mount, ShiftLog &log) {
  mount.halt();
  log.append("drives halted for inspection");
  mount.nudge("elevation", 0.5); // OK
  log.append("inspection jog skipped on disengaged drives");
}

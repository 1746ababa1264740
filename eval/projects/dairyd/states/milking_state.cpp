// MilkingState: the parlour is milking with the herd database online. enter() opens the entrance
// reader (a no-op when already open), starts the entrance gate and the rotary; both starts are
// no-ops when they are already running, as on the way back from degraded mode.
#include <string>

#include "entrance_gate.h"
#include "journal.h"
#include "plant_state.h"
#include "rfid_reader.h"
#include "rotary_drive.h"
#include "site.h"

PlantState::Kind MilkingState::kind() const { return Kind::Milking; }

const char* MilkingState::name() const { return "milking"; }

void MilkingState::enter(Site& site) {
    Status st = site.entrance_reader().open();
    if (!st.ok()) {
        site.journal().append("entrance: " + st.message());
        return;
    }
    site.gate().start();
    Status drive = site.drive().start();
    if (!drive.ok()) site.journal().append("rotary: " + drive.message());
}

void MilkingState::exit(Site& site) { site.journal().append("leaving milking state"); }

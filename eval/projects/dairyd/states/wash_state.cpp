// WashState: milking is over and the CIP wash runs. enter() stops the entrance gate (joining its
// thread) before closing the entrance reader the gate reads from, then stops the rotary; exit()
// only journals.
#include "entrance_gate.h"
#include "journal.h"
#include "plant_state.h"
#include "rfid_reader.h"
#include "rotary_drive.h"
#include "site.h"

PlantState::Kind WashState::kind() const { return Kind::Wash; }

const char* WashState::name() const { return "wash"; }

void WashState::enter(Site& site) {
    site.gate().stop();
    site.entrance_reader().close();   // OK: the gate thread that reads it was joined just above
    site.drive().stop();
    site.journal().append("wash state: entrance closed, rotary stopped");
}

void WashState::exit(Site& site) { site.journal().append("leaving wash state"); }

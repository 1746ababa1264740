// DegradedState: the herd database is unreachable. enter() drops the primary herd session so
// cows are identified from the local cache and yields go to the backlog; exit() sends a resync
// marker when the session is back.
#include <ctime>

#include "herd_db.h"
#include "journal.h"
#include "plant_state.h"
#include "site.h"

namespace {
constexpr std::uint64_t kResyncTag = 1;
}

PlantState::Kind DegradedState::kind() const { return Kind::Degraded; }

const char* DegradedState::name() const { return "degraded"; }

void DegradedState::enter(Site& site) {
    site.journal().append("herd database unreachable: degraded mode, local cow cache");
    site.herd().disconnect();   // SAME: degraded_race
}

void DegradedState::exit(Site& site) {
    if (!site.herd().connected()) return;
    site.herd().push_visit(kResyncTag, static_cast<long>(std::time(nullptr)));   // OK: only when connected() says the session is back
}

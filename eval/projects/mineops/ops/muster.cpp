// ShiftMuster: the shift-change muster. Announces the muster to the control room, runs the
// shutdown sequence (blasting, hoist, ventilation, radio, levels, journal, historian),
// records the tally and the final airflow figures, and hands the control-room console over
// to the next shift.
#include "muster.h"

#include <string>

#include "alarm_router.h"
#include "control_room.h"
#include "dispatcher.h"
#include "journal.h"
#include "level.h"
#include "mine.h"
#include "tag_tracker.h"

ShiftMuster::ShiftMuster(Mine& mine) : mine_(mine) {}

Status ShiftMuster::run(const std::vector<uint32_t>& musteredTags) {
    Mine& m = mine_;
    const std::size_t underground = m.tracker()->undergroundCount();

    m.router()->drain();
    if (m.surface()->isConnected()) m.surface()->send("MUSTER START underground=" + std::to_string(underground)); // OK: guarded; the link is dropped only further down this function

    ShutdownContext ctx;
    ctx.mustered = musteredTags;
    Status st = m.sequence().run(ctx);

    recordTally(underground, musteredTags.size(), ctx); // BUG: use-after-close #tally-journal

    // The last airflow figure of every level goes into the shift record.
    for (const auto& level : m.levels()) m.events()->publish(Event{"airflow.reading", level->lastAirflow(), level->name()}); // BUG: use-after-close #airflow-final

    m.router()->drain(); // OK: drain() checks the link and the historian before using either

    // Console handover: the next shift's operator reconnects from the new console.
    m.surface()->disconnect();
    Status fl = m.router()->flush(); // BUG: use-after-close #alarm-flush
    if (!fl.ok()) lastError_ = fl.message();
    return st;
}

void ShiftMuster::recordTally(std::size_t underground, std::size_t mustered, const ShutdownContext& ctx) {
    const std::string line = "MUSTER underground=" + std::to_string(underground) + " mustered=" +
                             std::to_string(mustered) + " failed_steps=" + std::to_string(ctx.failures);
    Status st = mine_.journal()->append(line); // SAME: tally-journal
    if (!st.ok()) lastError_ = st.message();
}

const std::string& ShiftMuster::lastError() const {
    return lastError_;
}

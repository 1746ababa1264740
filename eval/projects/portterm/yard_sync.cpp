// YardSync: turns yard-plan decisions into straddle carrier jobs. Handles a carrier
// breakdown, the start of a shift (new radio sessions) and the end of a shift.
#include <string>

#include "status.h"
#include "yard.h"

YardSync::YardSync(std::shared_ptr<YardPlanner> planner, std::shared_ptr<StraddleDispatcher> straddles)
    : planner_(std::move(planner)), straddles_(std::move(straddles)) {}

std::string YardSync::park_slot_for(int carrier) { return "PARK-" + std::to_string(carrier); }

void YardSync::move_to_yard(int carrier, const std::string& container, const std::string& from_slot) {
    std::string slot = planner_->allocate_slot(container, 2);
    if (!straddles_->dispatch_checked(carrier, CarrierJob{container, from_slot, slot}))
        log_line("yard", "carrier " + std::to_string(carrier) + " unknown, " + container + " stays at " + from_slot);
}

void YardSync::handle_breakdown(int carrier) {
    CarrierLink* link = straddles_->link(carrier);
    if (!link) return;
    if (link->alive()) link->disconnect();   // stop the radio before the carrier is towed away
    log_line("yard", "carrier " + std::to_string(carrier) + " broke down, retiring it");
    planner_->replan_async();
    straddles_->retire(carrier); // BUG: double-close #retire
}

void YardSync::start_of_shift(const std::map<int, int>& radio_fds) {
    for (const auto& entry : radio_fds) {
        straddles_->reattach(entry.first, entry.second);
        straddles_->assign(entry.first, CarrierJob{"", park_slot_for(entry.first), "QC-APRON"}); // OK: link reattached on the line above
    }
}

void YardSync::end_of_shift() {
    straddles_->recall_all();
    for (int id : straddles_->carriers()) {
        straddles_->assign(id, CarrierJob{"", "", park_slot_for(id)}); // BUG: use-after-close #recallassign
    }
}

int YardSync::reassign_idle(const std::string& container, const std::string& from_slot) {
    std::string slot = planner_->allocate_slot(container, 1);
    for (int id : straddles_->carriers()) {
        if (straddles_->try_assign(id, CarrierJob{container, from_slot, slot})) return id; // OK: try_assign skips links that are down
    }
    return -1;
}

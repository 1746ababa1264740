// CraneController: issues moves to one ship-to-shore crane. Every PLC call is made under
// mu_ after checking that the crane is neither parked nor halted and that its PLC client
// is still usable; park() and halt() flip those flags under the same mutex.
// When the crane follows the berth (boom up once the vessel has sailed) the callback is
// registered with the event dispatcher and keeps the controller alive.
#include <string>

#include "crane.h"

CraneController::CraneController(int id, std::shared_ptr<CranePlcClient> plc, std::shared_ptr<HistorianWriter> hist,
                                 std::shared_ptr<EventDispatcher> events)
    : id_(id), plc_(std::move(plc)), hist_(std::move(hist)), events_(std::move(events)) {}

void CraneController::subscribe_berth_events() {
    auto self = shared_from_this();
    berth_sub_ = events_->subscribe("berth.departed", [self](const Event& ev) {
        Status st = self->raise_boom(); // BUG: use-after-close #boom
        if (!st.ok()) log_line("crane", "boom up after " + ev.key + " failed: " + st.message());
    });
}

bool CraneController::operational_locked() const { return !parked_ && !halted_ && !plc_->is_closed(); }

Status CraneController::execute(const CraneMove& move) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!operational_locked()) return Status::error(ErrorCode::Closed, "crane " + std::to_string(id_) + " not operational");
    Status st = plc_->write_register(kTargetBayReg, static_cast<std::uint16_t>(move.bay)); // OK: operational_locked() checked under mu_
    if (!st.ok() && st.code() != ErrorCode::Invalid) {
        Status rc = plc_->reconnect();
        if (!rc.ok()) return rc;
        st = plc_->write_register(kTargetBayReg, static_cast<std::uint16_t>(move.bay)); // OK: reconnect() succeeded, the session is back
    }
    if (!st.ok()) return st;
    st = plc_->write_register(kTargetRowReg, static_cast<std::uint16_t>(move.row));
    if (!st.ok()) return st;
    st = plc_->write_register(kTargetTierReg, static_cast<std::uint16_t>(move.tier));
    if (!st.ok()) return st;
    ++moves_;
    hist_->append("crane." + std::to_string(id_) + ".moves", static_cast<double>(moves_));
    return st;
}

Status CraneController::unlock_spreader() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!operational_locked()) return Status::error(ErrorCode::Closed, "crane " + std::to_string(id_) + " not operational");
    if (plc_->state() != PlcState::Connected) {
        Status rc = plc_->reconnect();
        if (!rc.ok()) return rc;
    }
    return plc_->write_register(kSpreaderLockReg, 0);
}

Status CraneController::raise_boom() {
    std::lock_guard<std::mutex> lk(mu_);
    if (halted_) return Status::error(ErrorCode::Closed, "crane " + std::to_string(id_) + " halted");
    return plc_->write_register(kBoomReg, kBoomUp); // SAME: boom
}

bool CraneController::halt() {
    std::lock_guard<std::mutex> lk(mu_);
    if (parked_ || halted_) return false;
    halted_ = true;
    return true;
}

void CraneController::park() {
    std::lock_guard<std::mutex> lk(mu_);
    if (parked_) return;
    parked_ = true;
    if (plc_->is_closed()) {
        log_line("crane", "crane " + std::to_string(id_) + " parked without PLC session");
        return;
    }
    if (!halted_) {
        Status st = plc_->write_register(kTrolleyParkReg, 1); // OK: is_closed() checked above under mu_
        if (st.ok()) st = plc_->write_register(kBoomReg, kBoomUp);
        if (!st.ok()) log_line("crane", "park moves failed: " + st.message());
    }
    plc_->close(); // OK: the closed client returned above, and parked_ makes this run once
    hist_->append("crane." + std::to_string(id_) + ".parked", 1.0);
}

bool CraneController::parked() const {
    std::lock_guard<std::mutex> lk(mu_);
    return parked_;
}

int CraneController::id() const { return id_; }

// BerthSchedule: the vessel windows of the quay, with every change appended to a journal
// file. freeze() closes the journal and sets frozen_ together; the mutating calls check
// frozen_ first. export_csv() writes a one-off CSV for the port authority.
#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "berth.h"

BerthSchedule::BerthSchedule(std::string journal_path, std::shared_ptr<EventDispatcher> events)
    : journal_path_(std::move(journal_path)), events_(std::move(events)), journal_(journal_path_, "a") {
    if (!journal_.is_open()) log_line("berth", "journal " + journal_path_ + " unavailable, changes not journaled");
}

void BerthSchedule::journal_line(const std::string& line) {
    if (!journal_.is_open()) return;
    journal_.write(line + "\n"); // OK: is_open() checked on the line above; freeze() closes the journal
    journal_.flush();
}

void BerthSchedule::amend(const BerthWindow& window) {
    if (frozen_) throw std::runtime_error("berth schedule frozen");
    auto it = std::find_if(windows_.begin(), windows_.end(),
                           [&](const BerthWindow& w) { return w.vessel == window.vessel; });
    if (it == windows_.end())
        windows_.push_back(window);
    else
        *it = window;
    journal_line("AMD " + window.vessel + " " + std::to_string(window.berth) + " " + std::to_string(window.eta) + " " +
                 std::to_string(window.etd));
}

void BerthSchedule::record_actual(const BerthWindow& window) {
    if (frozen_) throw std::runtime_error("berth schedule frozen");
    journal_line("ACT " + window.vessel + " " + std::to_string(window.berth) + " " + std::to_string(window.etd));
}

void BerthSchedule::depart(const std::string& vessel) {
    if (frozen_) throw std::runtime_error("berth schedule frozen");
    auto it = std::find_if(windows_.begin(), windows_.end(), [&](const BerthWindow& w) { return w.vessel == vessel; });
    if (it == windows_.end()) return;
    int berth = it->berth;
    windows_.erase(it);
    journal_line("DEP " + vessel);
    events_->publish(Event{"berth.departed", vessel, std::to_string(berth)});
}

std::optional<BerthWindow> BerthSchedule::window_for(const std::string& vessel) const {
    for (const auto& w : windows_) {
        if (w.vessel == vessel) return w;
    }
    return std::nullopt;
}

std::vector<BerthWindow> BerthSchedule::windows() const { return windows_; }

Status BerthSchedule::export_csv(const std::string& path) const {
    FileHandle out(path, "w");
    if (!out.is_open()) return Status::error(ErrorCode::Io, "cannot create " + path);
    out.write("vessel,berth,eta,etd\n");
    for (const auto& w : windows_)
        out.write(w.vessel + "," + std::to_string(w.berth) + "," + std::to_string(w.eta) + "," + std::to_string(w.etd) + "\n");
    int rc = std::fclose(out.get());   // the port authority wants a hard error when the flush fails
    out.close(); // BUG: double-close
    if (rc != 0) return Status::error(ErrorCode::Io, "flushing " + path + " failed");
    return Status::success();
}

void BerthSchedule::freeze() {
    if (frozen_) return;
    journal_.close();
    frozen_ = true;
}

bool BerthSchedule::frozen() const { return frozen_; }

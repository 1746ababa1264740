// TelemetryUplink: summaries and heartbeats to the surface control room. A failed send
// drops the (half-open) link so the next cycle redials it.
#include "telemetry_uplink.h"

#include <cstdio>
#include <utility>

#include "control_room.h"
#include "historian.h"

TelemetryUplink::TelemetryUplink(std::shared_ptr<ControlRoomLink> link, std::shared_ptr<HistorianWriter> hist)
    : link_(std::move(link)), hist_(std::move(hist)) {}

Status TelemetryUplink::publishSummary(const std::string& summary) {
    if (!link_->isConnected()) {
        Status rc = link_->connect();
        if (!rc.ok()) {
            ++skipped_;
            return rc;
        }
    }
    Status st = link_->send("SUMMARY " + summary); // OK: connected, or connect() succeeded (we returned otherwise)
    if (!st.ok()) {
        link_->disconnect();
        if (hist_->isOpen()) hist_->append("uplink failed: " + st.message());
    }
    return link_->send("END"); // BUG: use-after-close
}

Status TelemetryUplink::publishLevels(const std::vector<std::pair<std::string, double>>& airflow) {
    std::string summary;
    for (const auto& entry : airflow) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s=%.2f ", entry.first.c_str(), entry.second);
        summary += buf;
    }
    return publishSummary(summary);
}

Status TelemetryUplink::publishHeartbeat() {
    if (!link_->isConnected()) {
        ++skipped_;
        return Status::Error("uplink down");
    }
    Status st = link_->send("HB " + std::to_string(++beats_));
    if (!st.ok()) {
        link_->disconnect();
        return st;
    }
    return Status::Ok();
}

std::size_t TelemetryUplink::skipped() const {
    return skipped_;
}

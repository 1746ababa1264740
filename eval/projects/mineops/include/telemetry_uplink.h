// TelemetryUplink: periodic summaries and heartbeats to the surface control room.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "status.h"

class ControlRoomLink;
class HistorianWriter;

class TelemetryUplink {
public:
    TelemetryUplink(std::shared_ptr<ControlRoomLink> link, std::shared_ptr<HistorianWriter> hist);

    Status publishSummary(const std::string& summary);
    Status publishLevels(const std::vector<std::pair<std::string, double>>& airflow);
    Status publishHeartbeat();
    std::size_t skipped() const;

private:
    std::shared_ptr<ControlRoomLink> link_;
    std::shared_ptr<HistorianWriter> hist_;
    std::size_t beats_ = 0;
    std::size_t skipped_ = 0;
};

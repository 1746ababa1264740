// ShiftReportExporter: end-of-shift CSV and text reports, and historian snapshots.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "status.h"

class HistorianWriter;

struct ShiftRow {
    uint32_t tagId = 0;
    std::string name;
    int minutesUnderground = 0;
};

class ShiftReportExporter {
public:
    ShiftReportExporter(std::shared_ptr<HistorianWriter> hist, std::string outDir);

    Status exportCsv(const std::string& name, const std::vector<ShiftRow>& rows);
    Status exportSummary(const std::string& name, std::size_t underground, std::size_t mustered);
    Status exportMusterList(const std::vector<uint32_t>& tags);
    Status snapshotHistorian();

private:
    std::shared_ptr<HistorianWriter> hist_;
    std::string outDir_;
    std::string lastError_;
};

// SampleLabeller: prints milk-sample bottle labels and writes the day's sample sheet.
#pragma once
#include <string>
#include <vector>

#include "file_handle.h"
#include "records.h"
#include "status.h"

class SampleLabeller {
public:
    SampleLabeller(std::string printer_path, std::string spool_path, std::string sheet_path);
    Status open();
    bool ready() const;
    Status print_label(const SampleBottle& bottle);
    Status print_batch(const std::vector<SampleBottle>& bottles);
    Status submit_day_sheet(const std::vector<SampleBottle>& bottles);
    void close();

private:
    std::string printer_path_;
    std::string spool_path_;
    std::string sheet_path_;
    FileHandle printer_;
};

// BerthSchedule: vessel windows per berth, journaled to a file. freeze() closes the
// journal at the end of a rotation; mutating calls throw afterwards.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dispatcher.h"
#include "raii.h"
#include "status.h"

struct BerthWindow {
    std::string vessel;
    int berth = 0;
    long eta = 0;
    long etd = 0;
};

class BerthSchedule {
public:
    BerthSchedule(std::string journal_path, std::shared_ptr<EventDispatcher> events);

    void amend(const BerthWindow& window);
    void record_actual(const BerthWindow& window);
    void depart(const std::string& vessel);
    std::optional<BerthWindow> window_for(const std::string& vessel) const;
    std::vector<BerthWindow> windows() const;
    Status export_csv(const std::string& path) const;
    void freeze();        // idempotent
    bool frozen() const;

private:
    void journal_line(const std::string& line);

    std::string journal_path_;
    std::shared_ptr<EventDispatcher> events_;
    FileHandle journal_;
    std::vector<BerthWindow> windows_;
    bool frozen_ = false;
};

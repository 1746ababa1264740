// PermitWorkflow: blasting permits keyed by permit number.
// revoke() closes a permit and removes it; closeAll() closes every open permit and keeps
// them for the shift record; open() replaces a closed permit that reuses a number.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "permit_session.h"

class PermitWorkflow {
public:
    std::shared_ptr<PermitSession> open(int id, const std::string& blaster);
    std::shared_ptr<PermitSession> get(int id) const;
    void revoke(int id);
    void closeAll();
    std::vector<int> activeIds() const;

private:
    mutable std::mutex mu_;
    std::map<int, std::shared_ptr<PermitSession>> permits_;
};

// ClosingSequence: end of milking: wash state, stragglers, herd push, CIP wash, sample labels
// and the hand-over to the cooperative. Each step is attempted even when an earlier one failed.
#pragma once
#include <exception>
#include <string>
#include <vector>

#include "records.h"
#include "status.h"

class Site;

class ClosingSequence {
public:
    explicit ClosingSequence(Site& site);
    Status run(const CollectionRecord& last_load, const std::string& ticket);
    int stragglers() const;
    const std::vector<std::string>& failures() const;

private:
    void note(const std::string& step, const std::exception& e);

    Site& site_;
    int stragglers_ = 0;
    std::vector<std::string> failures_;
};

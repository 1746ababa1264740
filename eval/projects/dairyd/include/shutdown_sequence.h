// ShutdownSequence: shuts the plant after the wash. Stages live in shutdown_stages.cpp and
// shutdown_records.cpp; each stage is attempted even when an earlier one failed.
#pragma once
#include <exception>
#include <string>
#include <vector>

#include "status.h"

class Site;

class ShutdownSequence {
public:
    explicit ShutdownSequence(Site& site);
    Status run();
    const std::vector<std::string>& failures() const;

private:
    void note(const char* stage, const std::exception& e);

    Site& site_;
    std::vector<std::string> failures_;
};

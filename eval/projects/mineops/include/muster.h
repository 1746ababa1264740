// ShiftMuster: the shift-change muster. Runs the shutdown sequence and closes out the shift.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "shutdown.h"
#include "status.h"

class Mine;

class ShiftMuster {
public:
    explicit ShiftMuster(Mine& mine);

    Status run(const std::vector<uint32_t>& musteredTags);
    const std::string& lastError() const;

private:
    void recordTally(std::size_t underground, std::size_t mustered, const ShutdownContext& ctx);

    Mine& mine_;
    std::string lastError_;
};

// ShiftHandover: the end-of-shift procedure. Builds the shutdown sequence from the
// terminal's components, runs it, reports to customs and the historian, signs off.
#pragma once
#include <string>
#include <vector>

#include "shutdown.h"
#include "status.h"
#include "terminal.h"

class ShiftHandover {
public:
    ShiftHandover(Terminal& terminal, std::string shift_id, int supervisor_console);

    Status run();
    const std::vector<Status>& failures() const;

private:
    ShutdownSequence build_sequence();
    void write_report();

    Terminal& t_;
    std::string shift_id_;
    int supervisor_console_;
    std::vector<Status> failures_;
};

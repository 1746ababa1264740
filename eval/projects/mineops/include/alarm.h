// Alarm: one entry on the mine-wide alarm queue.
#pragma once

#include <string>

enum class Severity { Info, Warning, Critical };

struct Alarm {
    Severity severity = Severity::Info;
    std::string source;
    std::string text;
};

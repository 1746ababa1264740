// Alarm records raised by the plant's components and paged to the on-call engineer.
#pragma once

#include <cstdint>
#include <string>

namespace ww {

enum class Severity { kInfo = 0, kWarning = 1, kCritical = 2 };

struct Alarm {
  Severity severity = Severity::kInfo;
  std::string source;
  std::string text;
  std::int64_t raised_ms = 0;
};

const char* severity_name(Severity s);

}  // namespace ww

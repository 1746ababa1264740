// Small helpers shared by the relay's translation units.
#pragma once
#include <string>

namespace relay {

/// Closes `fd`, ignoring errors (used on teardown and error paths).
void closeQuietly(int fd) noexcept;

/// Writes all of `data` to `fd`; false on error.
bool writeAll(int fd, const std::string &data);

/// Current time as an ISO-8601 string, for log lines.
std::string timestamp();

} // namespace relay

// Logging and the small helpers every part of the ingest service uses.
#pragma once
#include <cstdio>
#include <string>

namespace telemetry {

class AgentConnection;

void logInfo(const std::string &msg);
void logWarn(const std::string &msg);
void logError(const std::string &msg);

/// Current wall-clock time, ISO-8601 UTC, for log lines and file headers.
std::string nowIso8601();

/// Close without throwing and without reporting anything: for error paths,
/// where the original error is the one worth reporting.
void closeQuietly(AgentConnection &conn) noexcept;
void closeQuietly(int fd) noexcept;
void closeQuietly(std::FILE *fp) noexcept;

} // namespace telemetry

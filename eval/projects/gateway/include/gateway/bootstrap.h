// Spool setup and snapshots (bootstrap.cpp). No markers here.
#pragma once
#include "gateway/config.h"
#include "gateway/spool.h"

#include <string>
#include <vector>

namespace gateway {

/// Writes the spool header; on failure the spool is closed and false returned.
bool writeSpoolHeader(SpoolFile &spool, const Config &cfg);
/// Appends a snapshot of the session ids to the spool.
bool exportSnapshot(SpoolFile &spool, const std::vector<std::string> &ids);

} // namespace gateway

// Descriptor helpers shared by the lift links, the weather stations and the
// gate readers.
#pragma once
#include <string>

#include "status.h"

namespace liftops {

/// Writes the whole buffer, retrying short writes and EINTR.
bool writeAll(int fd, const std::string &data);

/// close() that retries only when interrupted by a signal (EINTR).
int closeRetrying(int fd);

/// Opens a TCP connection; returns -1 (and leaves nothing open) on failure.
int connectTcp(const std::string &host, int port);

/// Opens a non-blocking UDP socket bound to the port, or -1.
int openUdp(int port);

/// Sends a weather snapshot. On a failed write the descriptor is closed
/// before the error is returned.
Status sendSnapshot(int fd, const std::string &payload);

} // namespace liftops

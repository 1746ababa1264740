// Small helpers shared by the gateway (util.cpp): quiet closes, line writes to
// a descriptor, and a send that gives up on a slow peer. No markers here.
#pragma once
#include <string>

namespace gateway {

class UpstreamConn;

/// Closes the descriptor if it is valid, ignoring errors.
void closeQuietly(int fd);
/// Closes the connection, swallowing anything it throws.
void closeQuietly(UpstreamConn &conn);
/// Writes `line` and a newline; false when the write fails.
bool writeLine(int fd, const std::string &line);
/// Sends `line`; when the peer is not keeping up, closes the connection and
/// returns false. Returns true (connection still open) otherwise.
bool sendOrClose(UpstreamConn &conn, const std::string &line);

} // namespace gateway

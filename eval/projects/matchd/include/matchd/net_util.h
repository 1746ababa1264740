// Small networking and logging helpers shared by the gateway, the publishers
// and the outbound clients.
#pragma once
#include <string>

#include "matchd/connection.h"

namespace matchd {

void logInfo(const std::string &msg);
void logError(const std::string &msg);

// Writes all of data to a raw fd; throws IoError on failure.
void writeFully(int fd, const std::string &data);

// Sends one newline-terminated line on a connection.
void sendLine(TcpConnection &conn, const std::string &line);

// Closes conn if it is open; returns whether it closed anything. Safe to call
// any number of times.
bool closeIfOpen(TcpConnection &conn) noexcept;

} // namespace matchd

// Socket helpers of the provider protocol (plain TCP, line-oriented replies).
// No BUG markers here: declarations only. Note handshake()'s contract: it
// closes the descriptor itself when the provider rejects the client.
#pragma once
#include <string>

namespace pushgw::net {

/// Connects to host:port; returns the socket, or -1 with errno set.
int openTcp(const std::string &host, int port);

/// Writes the whole buffer (retrying on EINTR); false on error, errno set.
bool writeAll(int fd, const std::string &data);

/// Reads one '\n'-terminated line (without the '\n'); false on error or EOF.
bool readLine(int fd, std::string &out, std::size_t maxLength = 4096);

/// Sends "AUTH <tenant> <apiKey>" and expects "OK". The provider requires a
/// rejected client to drop the connection, so on rejection or I/O error the
/// descriptor is closed here and -1 is returned with errno set.
int handshake(int fd, const std::string &tenant, const std::string &apiKey);

} // namespace pushgw::net

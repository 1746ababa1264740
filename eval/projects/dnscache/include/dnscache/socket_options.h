// Address parsing and socket set-up helpers.
#pragma once
#include <string>
#include <sys/socket.h>

namespace dnscache {

/// Parses "a.b.c.d:port" or "[v6]:port".
bool parseAddress(const std::string &text, sockaddr_storage &addr, socklen_t &len);
std::string formatAddress(const sockaddr_storage &addr);

/// Sets SO_REUSEADDR and binds fd. On failure closes fd and returns false
/// (errno is preserved), so callers can return straight away.
bool bindOrClose(int fd, const sockaddr_storage &addr, socklen_t len);

/// Connects fd. On failure closes fd and returns false (errno is preserved).
bool connectOrClose(int fd, const sockaddr_storage &addr, socklen_t len);

/// Rejects a client whose connection already failed in the accept queue
/// (pending SO_ERROR), then sets TCP_NODELAY and receive/send timeouts.
/// On failure closes fd and returns false (errno tells why).
bool configureClientSocket(int fd, int recvTimeoutMs, int sendTimeoutMs);

bool setRecvTimeout(int fd, int ms);
bool setSendTimeout(int fd, int ms);

} // namespace dnscache

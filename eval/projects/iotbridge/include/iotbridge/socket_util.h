// Socket helpers and the device handshake.
//
// Handshake: the device sends "HELLO <id> <token> [<firmware>]"; the bridge
// answers "WELCOME <heartbeat-seconds>" followed by the device's CONFIG frame,
// or "ERR <reason>" and hangs up.
//
// The handshake helpers take ownership decisions on failure: readHello(),
// sendWelcome() and rejectDevice() close the session on the paths documented
// below, and the caller must not use it afterwards.
#pragma once
#include <cstdint>
#include <string>

namespace iotbridge {
class DeviceSession;

namespace net {

struct Hello {
  std::string deviceId;
  std::string token;
  std::string firmware;
};

// A listening TCP socket, or -1 (the half-built descriptor is closed).
int openListenSocket(const std::string& host, std::uint16_t port, int backlog);
// A connected TCP socket, or -1 (the descriptor is closed).
int connectTo(const std::string& host, std::uint16_t port, int timeoutMs);
std::string peerName(int fd);

bool parseHello(const std::string& line, Hello& out);

// Reads the HELLO line; closes the session and returns false when none
// arrives in time or it is malformed.
bool readHello(DeviceSession& session, Hello& out, int timeoutMs);
// Sends WELCOME; closes the session and returns false when the write fails.
bool sendWelcome(DeviceSession& session, int heartbeatSeconds);
// Sends "ERR <reason>" (best effort) and closes the session.
void rejectDevice(DeviceSession& session, const std::string& reason);

}  // namespace net
}  // namespace iotbridge

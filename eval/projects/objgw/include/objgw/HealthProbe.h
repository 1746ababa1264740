// Probe helpers shared by the health checker and the admin commands.
#pragma once

namespace objgw {

class BackendConnection;

// Pings the backend. When it does not answer, the connection is closed -- so
// that a broken socket is never reused -- and false is returned. conn must be
// open.
bool probeBackend(BackendConnection &conn);

// Sends the first request on a freshly opened connection so that the backend
// sets up its per-client state. Throws std::runtime_error if the backend does
// not answer.
void primeConnection(BackendConnection &conn);

} // namespace objgw

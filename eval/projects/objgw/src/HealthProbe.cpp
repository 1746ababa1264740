// Probe helpers for backend connections.
#include "objgw/HealthProbe.h"

#include "objgw/BackendConnection.h"

#include <stdexcept>

namespace objgw {

bool probeBackend(BackendConnection &conn) {
  if (conn.ping())
    return true;
  conn.close();
  return false;
}

void primeConnection(BackendConnection &conn) {
  if (!conn.ping()) // SAME: warmup
    throw std::runtime_error("backend " + conn.endpoint().str() + " did not answer the priming ping");
}

} // namespace objgw

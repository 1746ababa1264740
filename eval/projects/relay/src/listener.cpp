// Listener: raw descriptors on the accept path. rejectBusy() writes the reply
// and then hands the descriptor to closeQuietly() (in util.cpp). dropIdle()
// closes through closeQuietly() and then closes again on the notify path's
// cleanup (bug). adoptGreeted() guards the descriptor with a ScopeGuard that
// it dismisses once the greeting went out, so the descriptor is still open
// when it is wrapped (negative).
#include "relay/listener.h"
#include "relay/connection.h"
#include "relay/relay_server.h"
#include "relay/scope_guard.h"
#include "relay/socket.h"
#include "relay/util.h"

#include <sys/socket.h>
#include <unistd.h>

#include <memory>

namespace relay {

void Listener::acceptOne() {
  const int clientFd = ::accept(listenFd_, nullptr, nullptr);
  if (clientFd < 0)
    return;
  if (server_.sessions().size() >= 1024) {
    rejectBusy(clientFd);
    return;
  }
  const int fd = adoptGreeted(clientFd);
  if (fd < 0)
    return;
  server_.handleClient(std::make_unique<Connection>("client", Socket(fd)));
}

void Listener::rejectBusy(int clientFd) {
  writeAll(clientFd, "503 busy\r\n"); // OK
  closeQuietly(clientFd);
}

void Listener::dropIdle(int clientFd, bool notify) {
  closeQuietly(clientFd);
  if (notify)
    server_.log().write("dropped idle client");
  ::close(clientFd); // BUG: double-close
}

int Listener::adoptGreeted(int clientFd) {
  auto closeOnError = makeScopeGuard([clientFd] { closeQuietly(clientFd); });
  if (!writeAll(clientFd, "220 relay ready\r\n")) // OK
    return -1;
  closeOnError.dismiss();
  writeAll(clientFd, "250 go ahead\r\n"); // OK
  return clientFd;
}

void Listener::close() {
  closeQuietly(listenFd_);
  listenFd_ = -1;
}

} // namespace relay

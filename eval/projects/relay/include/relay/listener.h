// The accept loop over a raw listening descriptor.
#pragma once
#include <string>

namespace relay {

class RelayServer;

class Listener {
public:
  Listener(RelayServer &server, int listenFd) : server_(server), listenFd_(listenFd) {}
  void acceptOne();
  void rejectBusy(int clientFd);
  void dropIdle(int clientFd, bool notify);
  int adoptGreeted(int clientFd);
  void close();

private:
  RelayServer &server_;
  int listenFd_;
};

} // namespace relay

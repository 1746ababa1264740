// An accept loop hands some clients to a detached thread that closes its own
// copy of the descriptor; the next iteration's `int client = accept(..)` is a
// new descriptor that thread never sees, so using it is no race with that
// thread. Within one iteration, a use after handing the client over still is.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

class UploadDesk {
public:
  explicit UploadDesk(int listener) : listener_(listener) {}

  void serve(int rounds) {
    for (int n = 0; n < rounds; ++n) {
      int client = ::accept(listener_, nullptr, nullptr);
      if (client < 0)
        break;
      char tag[8] = {};
      if (::recv(client, tag, sizeof tag, 0) <= 0) {
        ::close(client);
        continue;
      }
      if (tag[0] == 'D') {
        std::thread(&UploadDesk::ingest, this, client).detach();
        continue;
      }
      ::send(client, "ACK\n", 4, 0);
      ::close(client);
    }
  }

  void serveCareless() {
    int client = ::accept(listener_, nullptr, nullptr);
    if (client < 0)
      return;
    std::thread(&UploadDesk::ingest, this, client).detach();
    // CHECK: [[@LINE+1]]:5: warning: call to 'send' on 'client' while a detached thread that closes it may still be running [errlint-close-while-in-use]
    ::send(client, "ACK\n", 4, 0);
  }

private:
  void ingest(int client) {
    char buf[64];
    while (::recv(client, buf, sizeof buf, 0) > 0) {
    }
    ::close(client);
  }

  int listener_;
};

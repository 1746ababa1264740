// Negative: each accepted connection gets its own descriptor and is closed once.
#include <sys/socket.h>
#include <unistd.h>

void serve(int listenFd, bool (*stop)()) {
  while (!stop()) {
    int client = accept(listenFd, nullptr, nullptr);
    if (client < 0)
      continue;
    char buf[256];
    ssize_t n = recv(client, buf, sizeof buf, 0);
    if (n > 0)
      send(client, buf, n, 0);
    close(client);
  }
  close(listenFd);
}

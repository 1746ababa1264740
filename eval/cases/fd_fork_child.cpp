// Negative: the child closes the listening socket and serves the client one.
#include <sys/socket.h>
#include <unistd.h>

void handle(int listenFd, int client) {
  pid_t pid = fork();
  if (pid == 0) {
    close(listenFd);
    send(client, "hello\n", 6, 0);
    close(client);
    _exit(0);
  }
  close(client);
  listen(listenFd, 16);
}

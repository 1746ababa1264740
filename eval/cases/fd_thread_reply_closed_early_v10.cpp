// A tiny HTTP status server hands each accepted socket to a worker thread.
// Three handlers: handle_async() detaches a worker that sends the response
// and then closes the socket itself right away, so the worker's send() can
// run after the close (the acceptor assumed the thread had its own copy of
// the descriptor); handle_sync() joins its worker before closing; and
// handle_owned() gives the descriptor to a worker that closes it itself.
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

static void send_response(int fd, std::string body) {
  std::string msg = "HTTP/1.0 200 OK\r\nContent-Length: " + std::to_string(body.size()) +
                    "\r\n\r\n" + body;
  ssize_t n = send(fd, msg.data(), msg.size(), MSG_NOSIGNAL); // BUG: use-after-close #early
  (void)n;
}

static void handle_async(int client) {
  std::thread worker(send_response, client, std::string("ok\n"));
  worker.detach();
  close(client); // SAME: early
}

static void send_status(int fd, int code) {
  char buf[64];
  int len = std::snprintf(buf, sizeof buf, "HTTP/1.0 %d Busy\r\n\r\n", code);
  ssize_t n = send(fd, buf, static_cast<size_t>(len), MSG_NOSIGNAL); // OK: handle_sync joins this thread before closing fd
  (void)n;
}

static void handle_sync(int client) {
  std::thread worker(send_status, client, 503);
  worker.join();
  close(client); // OK: the worker was joined and nothing else uses the descriptor
}

static void serve_and_close(int fd) {
  const char msg[] = "HTTP/1.0 204 No Content\r\n\r\n";
  ssize_t n = send(fd, msg, sizeof msg - 1, MSG_NOSIGNAL); // OK: this thread owns fd and closes it below
  (void)n;
  close(fd); // OK: the only close of this descriptor
}

static void handle_owned(int client) {
  std::thread(serve_and_close, client).detach(); /* the acceptor does not touch client again */
}

int main() {
  int lfd = socket(AF_INET, SOCK_STREAM, 0);
  if (lfd < 0)
    return 1;
  sockaddr_in addr;
  std::memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons(8080);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(lfd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0 || listen(lfd, 16) < 0) {
    close(lfd);
    return 1;
  }
  for (unsigned i = 0;; ++i) {
    int c = accept(lfd, nullptr, nullptr);
    if (c < 0)
      break;
    switch (i % 3) {
    case 0:
      handle_async(c);
      break;
    case 1:
      handle_sync(c);
      break;
    default:
      handle_owned(c);
      break;
    }
  }
  close(lfd);
  return 0;
}

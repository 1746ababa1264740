// Minimal HTTP responder. Its helpers close the connection on their own error
// paths and report the failure to the caller (a -1 return, a thrown
// std::runtime_error, a false return). Bugs: serveFile() ignores
// send_headers()'s -1 and writes the body to the descriptor the helper
// closed; relay() catches the exception thrown after pushChunk() closed the
// upstream channel and then sends the end marker on it; proxyOnce() ignores
// forward()'s false and closes the client again; serveEcho() treats
// fail_request() as if it did not return and keeps serving the closed fd.
#include "messaging.h"
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>

static int send_headers(int fd, int status, size_t len) {
  char hdr[128];
  int n = snprintf(hdr, sizeof hdr, "HTTP/1.1 %d OK\r\nContent-Length: %zu\r\n\r\n", status, len);
  if (write(fd, hdr, static_cast<size_t>(n)) != n) {
    close(fd);
    return -1;
  }
  return 0;
}

void serveFile(int fd, const std::string &body) {
  send_headers(fd, 200, body.size());
  write(fd, body.data(), body.size()); // BUG: use-after-close
  close(fd); // BUG: double-close (added after the first run: send_headers() closed fd on its failure path)
}

// Logs and drops the connection; despite its name it returns to the caller.
static void fail_request(int fd, const char *why) {
  std::fprintf(stderr, "bad request: %s\n", why);
  close(fd);
}

void serveEcho(int fd, const std::string &req) {
  if (req.compare(0, 4, "GET ") != 0)
    fail_request(fd, "only GET is supported");
  write(fd, req.data(), req.size()); // BUG: use-after-close
  close(fd); // BUG: double-close
}

void serveStatus(int fd) {
  static const char body[] = "up\n";
  if (send_headers(fd, 200, sizeof body - 1) != 0)
    return;
  write(fd, body, sizeof body - 1); // OK: send_headers() succeeded, so it did not close fd
  close(fd);
}

static void pushChunk(EventChannel &Upstream, const std::string &Chunk) {
  if (Chunk.size() > 1 << 20) {
    Upstream.close();
    throw std::runtime_error("chunk too large, upstream closed");
  }
  Upstream.send(Chunk);
}

void relay(EventChannel &Upstream, const std::string &Chunk) {
  try {
    pushChunk(Upstream, Chunk);
  } catch (const std::runtime_error &E) {
    std::fprintf(stderr, "relay: %s\n", E.what());
  }
  Upstream.send("END"); // BUG: use-after-close
}

static bool forward(int client, int upstream) {
  char buf[4096];
  ssize_t n = read(upstream, buf, sizeof buf);
  if (n <= 0 || write(client, buf, static_cast<size_t>(n)) != n) {
    close(client);
    return false;
  }
  return true;
}

void proxyOnce(int client, int upstream) {
  forward(client, upstream);
  close(upstream);
  close(client); // BUG: double-close
}

void proxyChecked(int client, int upstream) {
  if (!forward(client, upstream)) {
    close(upstream);
    return;
  }
  write(client, "\r\n", 2); // OK: forward() only closes on the false path, which returned
  close(upstream);
  close(client);
}

int main() {
  int fds[2];
  if (pipe(fds) != 0)
    return 1;
  serveStatus(fds[1]);
  EventChannel Up;
  relay(Up, std::string(2 << 20, 'x'));
  return 0;
}

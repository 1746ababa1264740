// Client side of a small length-prefixed upload protocol. sendAll() is shared
// by all requests; when send() fails it closes the socket itself ("a half-sent
// frame leaves the stream out of sync, nobody may use it again") and returns
// -1. The client runs an upload thread per file, so descriptor numbers are
// reused quickly.
//
// Bug (double-close): uploadFile()'s chunk loop closes the socket again after
// sendAll() failed, and hangUp() sends its best-effort BYE ignoring the result
// and then closes unconditionally. Either second close() may close a
// descriptor another upload thread has just been given.
// Correct lines: requestStatus() returns as soon as sendFrame() reports -1, so its
// second frame and its close() only run while the socket is open; likewise
// uploadFile()'s final frame only runs after every chunk went out.
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

// Returns 0, or -1 after closing fd.
static int sendAll(int fd, const void *data, size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    ssize_t n = ::send(fd, p, len, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      int saved = errno;
      ::close(fd);
      errno = saved;
      return -1;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return 0;
}

static int sendFrame(int fd, char type, const void *body, uint32_t len) {
  char hdr[5];
  hdr[0] = type;
  uint32_t be = htonl(len);
  std::memcpy(hdr + 1, &be, sizeof be);
  if (sendAll(fd, hdr, sizeof hdr) < 0)
    return -1;
  return len ? sendAll(fd, body, len) : 0;
}

int requestStatus(int sock, const std::string &job) {
  if (sendFrame(sock, 'S', job.data(), static_cast<uint32_t>(job.size())) < 0)
    return -1;
  if (sendFrame(sock, 'E', nullptr, 0) < 0) // OK: only reached after the first frame went out
    return -1;
  char status = 0;
  ssize_t n = ::recv(sock, &status, 1, MSG_WAITALL);
  ::close(sock); // OK: sendAll() closed only on the paths that returned
  return n == 1 ? status : -1;
}

int uploadFile(int sock, const char *path) {
  FILE *in = std::fopen(path, "rb");
  if (!in) {
    ::close(sock);
    return -1;
  }
  char buf[16384];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, in)) > 0) {
    if (sendFrame(sock, 'D', buf, static_cast<uint32_t>(n)) < 0) {
      std::perror("upload");
      std::fclose(in);
      ::close(sock); // BUG: double-close
      return -1;
    }
  }
  std::fclose(in);
  return sendFrame(sock, 'E', nullptr, 0); // OK: every failed sendFrame() above returned
}

void hangUp(int sock) {
  sendFrame(sock, 'Q', "BYE", 3); // best effort
  ::close(sock); // BUG: double-close
}

static int dial(const sockaddr_in &addr) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  if (::connect(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

static std::atomic<bool> g_cancel{false};
static void onInterrupt(int) { g_cancel = true; }

// One thread per file; after Ctrl-C the uploads still in flight hang up.
static void uploadWorker(const char *path, const sockaddr_in &addr) {
  int sock = dial(addr);
  if (sock < 0)
    return;
  if (uploadFile(sock, path) < 0)
    return; // uploadFile() closed it
  if (g_cancel) {
    hangUp(sock);
    return;
  }
  int st = requestStatus(sock, path);
  std::printf("%s: status %d\n", path, st);
}

int main(int argc, char **argv) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(7070);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::signal(SIGINT, onInterrupt);
  std::vector<std::thread> workers;
  for (int i = 1; i < argc; ++i)
    workers.emplace_back(uploadWorker, argv[i], std::cref(addr));
  for (auto &t : workers)
    t.join();
  return 0;
}

// Metrics relay: one thread per spool file reads the queued lines and forwards
// them to the collector over its own TCP connection.
//
// Bug: forwardBatch() closes the collector socket when a send() fails and sets
// `broken`, but the loop does not test `broken`: the next line is sent on the
// closed descriptor (use-after-close), that send fails too, and the close runs
// again (double-close). With one relay thread per spool, the number may by
// then belong to another thread's fresh socket or spool file, which this
// thread then writes to and closes.
// Bug: relay() asks getpeername() on fd for its error message after
// forwardBatch() failed, but forwardBatch() owns and has closed the socket:
// the call fails with EBADF, or names another thread's peer if the number
// was reused.
// Correct lines: readSpool() closes its FILE* inside the loop only at EOF, right
// before the break; the close after forwardBatch()'s loop runs only when the
// loop did not close.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

static std::vector<std::string> readSpool(const char *path) {
  std::vector<std::string> lines;
  FILE *fp = std::fopen(path, "r");
  if (!fp)
    return lines;
  char buf[512];
  for (;;) {
    if (!std::fgets(buf, sizeof buf, fp)) { // OK: fp is closed only right before the break
      std::fclose(fp);
      break;
    }
    lines.emplace_back(buf);
  }
  return lines;
}

static int dialCollector() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(2003);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Takes ownership of fd.
static bool forwardBatch(int fd, const std::vector<std::string> &lines) {
  bool broken = false;
  for (const auto &l : lines) {
    if (::send(fd, l.data(), l.size(), MSG_NOSIGNAL) < 0) { // BUG: use-after-close
      std::fprintf(stderr, "relay: send: %s\n", std::strerror(errno));
      ::close(fd); // BUG: double-close
      broken = true;
    }
  }
  if (!broken)
    ::close(fd); // OK: reached only when the loop did not close fd
  return !broken;
}

static void relay(const char *spool) {
  std::vector<std::string> lines = readSpool(spool);
  if (lines.empty())
    return;
  int fd = dialCollector();
  if (fd < 0)
    return;
  if (!forwardBatch(fd, lines)) {
    sockaddr_in peer{};
    socklen_t len = sizeof peer;
    char ip[INET_ADDRSTRLEN] = "?";
    if (::getpeername(fd, reinterpret_cast<sockaddr *>(&peer), &len) == 0) // BUG: use-after-close
      ::inet_ntop(AF_INET, &peer.sin_addr, ip, sizeof ip);
    std::fprintf(stderr, "relay: collector %s dropped %s\n", ip, spool);
    return;
  }
  std::remove(spool);
}

int main(int argc, char **argv) {
  std::vector<std::thread> threads;
  for (int i = 1; i < argc; ++i)
    threads.emplace_back(relay, argv[i]);
  for (auto &t : threads)
    t.join();
  return 0;
}

// Tiny line-echo server with a table of client descriptors and a log fd moved
// up with F_DUPFD. Bugs: a protocol error closes the client, then sends it an
// error line; the log setup writes its banner to the fd it just closed instead
// of the duplicate; main() runs shutdown_server() on the listen() failure path
// and again at the end, closing the log fd twice (only the client and listen
// slots are reset to -1).
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {
constexpr int kMaxClients = 16;
int g_clients[kMaxClients];
int g_listen_fd = -1;
int g_log_fd = -1;

ssize_t write_all(int fd, const char *buf, size_t len) {
  size_t off = 0;
  while (off < len) {
    ssize_t n = write(fd, buf + off, len - off); // SAME: errline
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return -1;
    off += static_cast<size_t>(n);
  }
  return static_cast<ssize_t>(off);
}

void handle_client(int slot) {
  int fd = g_clients[slot];
  char buf[512];
  ssize_t n = read(fd, buf, sizeof buf);
  while (n < 0 && errno == EINTR)
    n = read(fd, buf, sizeof buf);
  if (n <= 0) {
    close(fd);
    g_clients[slot] = -1;
    return;
  }
  if (memchr(buf, '\n', static_cast<size_t>(n)) == nullptr) {
    close(fd);
    g_clients[slot] = -1;
    static const char toolong[] = "ERR line too long\n";
    write_all(fd, toolong, sizeof toolong - 1); // BUG: use-after-close #errline
    return;
  }
  write_all(fd, buf, static_cast<size_t>(n)); // OK: both closing branches returned
}

int accept_one() {
  int fd;
  do {
    fd = accept4(g_listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return -1;
  for (int i = 0; i < kMaxClients; ++i) {
    if (g_clients[i] < 0) {
      g_clients[i] = fd;
      return i;
    }
  }
  static const char busy[] = "server busy\n";
  write_all(fd, busy, sizeof busy - 1);
  close(fd);
  return -1;
}

int open_log(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  g_log_fd = fcntl(fd, F_DUPFD_CLOEXEC, 100);
  close(fd);
  if (g_log_fd < 0)
    return -1;
  write(fd, "echo server started\n", 20); // BUG: use-after-close
  return 0;
}

void shutdown_server() {
  for (int i = 0; i < kMaxClients; ++i) {
    if (g_clients[i] >= 0) {
      close(g_clients[i]); // OK: the slot is reset right after, a second call skips it
      g_clients[i] = -1;
    }
  }
  if (g_listen_fd >= 0) {
    close(g_listen_fd); // OK: reset to -1 below
    g_listen_fd = -1;
  }
  close(g_log_fd); // SAME: logtwice
}
} // namespace

int main() {
  for (int &c : g_clients)
    c = -1;
  if (open_log("/tmp/echo.log") != 0)
    return 1;
  g_listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(7007);
  if (bind(g_listen_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
      listen(g_listen_fd, 16) != 0)
    shutdown_server();
  for (int served = 0; served < 100 && g_listen_fd >= 0; ++served) {
    int slot = accept_one();
    if (slot >= 0)
      handle_client(slot);
  }
  shutdown_server(); // BUG: double-close #logtwice
  return 0;
}

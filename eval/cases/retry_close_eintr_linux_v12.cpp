// Target platform: Linux (glibc). Descriptor housekeeping of a multi-threaded
// proxy: an acceptor thread keeps receiving new descriptors while the main
// thread reaps idle ones. On Linux close() releases the descriptor even when
// it then fails with EINTR or EIO (close(2): retrying "may cause a reused file
// descriptor from another thread to be closed"), so every retried close()
// below is a real double-close. Bugs: xclose() loops while close() fails with
// EINTR; close_log() retries once on EINTR; reap_idle() retries on EIO. The
// EINTR retry loops around read()/accept() are correct: those calls do not
// release the descriptor.
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

static std::mutex g_mu;
static std::vector<int> g_idle;
static std::atomic<bool> g_running{true};

static int xclose(int fd) {
  for (;;) {
    if (close(fd) == 0) // BUG: double-close
      return 0;
    if (errno != EINTR)
      return -1;
  }
}

static void close_log(int log_fd) {
  int rc = close(log_fd);
  if (rc == -1 && errno == EINTR)
    rc = close(log_fd); // BUG: double-close
}

static ssize_t read_some(int fd, char *buf, size_t len) {
  ssize_t n;
  do {
    n = read(fd, buf, len);
  } while (n < 0 && errno == EINTR);
  return n;
}

static void acceptor(int listen_fd) {
  while (g_running.load()) {
    int fd = accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    char hello[16];
    if (read_some(fd, hello, sizeof hello) <= 0) {
      xclose(fd);
      continue;
    }
    std::lock_guard<std::mutex> lk(g_mu);
    g_idle.push_back(fd);
  }
}

static void reap_idle() {
  std::lock_guard<std::mutex> lk(g_mu);
  for (int &fd : g_idle) {
    if (fd < 0)
      continue;
    if (close(fd) != 0 && errno == EIO)
      close(fd); // BUG: double-close
    fd = -1;
  }
  g_idle.clear();
}

static void drop_stats_fd(int &stats_fd) {
  if (close(stats_fd) == -1 && errno == EINTR) {
    // Linux already released the descriptor; retrying would be wrong.
  }
  stats_fd = -1;
}

int main() {
  int listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int log_fd = open("/tmp/proxy.log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  int stats_fd = open("/tmp/proxy.stats", O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  std::thread t(acceptor, listen_fd);
  for (int round = 0; round < 10; ++round) {
    sleep(1);
    reap_idle();
  }
  drop_stats_fd(stats_fd);
  close_log(log_fd);
  g_running = false;
  shutdown(listen_fd, SHUT_RDWR);
  t.join();
  xclose(listen_fd);
  if (stats_fd >= 0)
    close(stats_fd); // OK: drop_stats_fd() closed it once and reset it to -1
  return 0;
}

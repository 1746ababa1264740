// Blood bank cold-storage monitor: polls the temperature probes of the
// red-cell fridges, and when a fridge leaves its 2-6 C band it starts the
// on-call pager script and feeds it the alarm text through a pipe. Every
// descriptor is used only while open: each process closes the pipe end it
// does not use, the probe descriptor is reset to -1 when it is closed and
// checked before it is read again, and the dup2 target is a different number
// from the descriptor closed before it.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

struct FridgeProbe {
  std::string name;
  std::string devicePath;
  int fd = -1;
  double lastCelsius = 4.0;
};

namespace {

bool readCelsius(FridgeProbe &p) {
  if (p.fd < 0) {
    p.fd = ::open(p.devicePath.c_str(), O_RDONLY | O_CLOEXEC);
    if (p.fd < 0)
      return false;
  }
  char buf[32] = {0};
  ssize_t n = ::pread(p.fd, buf, sizeof buf - 1, 0);
  if (n <= 0) {
    ::close(p.fd);
    p.fd = -1;
    return false;
  }
  p.lastCelsius = std::atof(buf) / 1000.0;
  return true;
}

int runPager(const std::string &script, const std::string &message) {
  int pipefd[2];
  if (::pipe(pipefd) != 0)
    return -1;

  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(pipefd[0]);
    ::close(pipefd[1]);
    return -1;
  }
  if (pid == 0) {
    ::close(pipefd[1]);
    if (::dup2(pipefd[0], STDIN_FILENO) < 0) // OK
      ::_exit(126);
    if (pipefd[0] != STDIN_FILENO)
      ::close(pipefd[0]);
    ::execl(script.c_str(), script.c_str(), static_cast<char *>(nullptr));
    ::_exit(127);
  }

  ::close(pipefd[0]);
  const char *p = message.data();
  size_t left = message.size();
  while (left > 0) {
    ssize_t n = ::write(pipefd[1], p, left); // OK
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    p += n;
    left -= static_cast<size_t>(n);
  }
  ::close(pipefd[1]); // OK

  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace

class ColdStorageMonitor {
public:
  ColdStorageMonitor(std::vector<FridgeProbe> probes, std::string pager)
      : probes_(std::move(probes)), pagerScript_(std::move(pager)) {}
  ~ColdStorageMonitor();

  void pollOnce();
  void detachProbe(size_t index);

private:
  std::vector<FridgeProbe> probes_;
  std::string pagerScript_;
};

ColdStorageMonitor::~ColdStorageMonitor() {
  for (FridgeProbe &p : probes_)
    if (p.fd >= 0)
      ::close(p.fd); // OK
}

void ColdStorageMonitor::detachProbe(size_t index) {
  if (index >= probes_.size() || probes_[index].fd < 0)
    return;
  ::close(probes_[index].fd);
  probes_[index].fd = -1;
}

void ColdStorageMonitor::pollOnce() {
  for (FridgeProbe &p : probes_) {
    if (!readCelsius(p)) { // OK
      runPager(pagerScript_, "probe offline: " + p.name + "\n");
      continue;
    }
    if (p.lastCelsius < 2.0 || p.lastCelsius > 6.0) {
      char msg[96];
      std::snprintf(msg, sizeof msg, "%s at %.1f C (band 2-6 C)\n",
                    p.name.c_str(), p.lastCelsius);
      runPager(pagerScript_, msg);
    }
  }
}

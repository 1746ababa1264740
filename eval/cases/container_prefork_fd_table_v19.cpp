// Descriptor bookkeeping of a pre-forking worker supervisor. The supervisor
// keeps one control pipe per worker in a vector (closed slots hold -1) and
// the listening sockets by port in a map (closing a port erases its key).
// Negative case: every close resets the slot to -1 or erases the key in the
// same step, all later loops skip -1 slots, lookups by key go through find(),
// and references to slots are closed only through closeSlot(), which checks
// for -1. No descriptor is used or closed after its close.
#include <map>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

struct WorkerSlot {
  pid_t pid = -1;
  int ctlFd = -1;
};

class Supervisor {
public:
  void adoptWorker(pid_t pid, int ctlFd) { workers_.push_back({pid, ctlFd}); }
  void addListener(int port, int fd) { listeners_[port] = fd; }
  void broadcast(const std::string &cmd);
  void onWorkerExit(pid_t pid);
  void closePort(int port);
  void pausePort(int port);
  void shutdown();

private:
  void closeSlot(WorkerSlot &slot);
  std::vector<WorkerSlot> workers_;
  std::map<int, int> listeners_;
};

void Supervisor::closeSlot(WorkerSlot &slot) {
  if (slot.ctlFd < 0)
    return;
  ::close(slot.ctlFd);
  slot.ctlFd = -1;
}

void Supervisor::broadcast(const std::string &cmd) {
  for (WorkerSlot &w : workers_) {
    if (w.ctlFd < 0)
      continue;
    if (::write(w.ctlFd, cmd.data(), cmd.size()) < 0) // OK: closed slots are skipped
      closeSlot(w);
  }
}

void Supervisor::onWorkerExit(pid_t pid) {
  for (WorkerSlot &w : workers_) {
    if (w.pid != pid)
      continue;
    closeSlot(w);
    w.pid = -1;
  }
}

void Supervisor::closePort(int port) {
  auto it = listeners_.find(port);
  if (it == listeners_.end())
    return;
  ::close(it->second);
  listeners_.erase(it);
}

// Stops accepting on a port for a moment; a port that was closed meanwhile is skipped.
void Supervisor::pausePort(int port) {
  auto it = listeners_.find(port);
  if (it == listeners_.end())
    return;
  ::shutdown(it->second, SHUT_RD); // OK: closePort() erases the key, so find() only sees open sockets
}

void Supervisor::shutdown() {
  broadcast("QUIT\n");
  for (WorkerSlot &w : workers_)
    closeSlot(w); // OK: closeSlot() skips slots already at -1
  for (auto &kv : listeners_)
    ::close(kv.second); // OK: closePort() erased every port it closed
  listeners_.clear();
}

int main() {
  Supervisor sup;
  int fds[2] = {-1, -1};
  if (::pipe(fds) == 0)
    sup.adoptWorker(1001, fds[1]); // fds[0] stands in for the worker's end
  sup.broadcast("RELOAD\n");
  sup.onWorkerExit(1001);
  sup.broadcast("PING\n");
  sup.closePort(8080);
  sup.shutdown();
  if (fds[0] >= 0)
    ::close(fds[0]);
  return 0;
}

// Allotment society: every plot has a water meter whose pulse readings are appended to
// a per-plot log file, and each plot's standpipe valve is reached over a socket. The
// registry keeps both per plot number. Correct: a plot's descriptors are closed and
// the entry is erased in the same step, a plot that changes hands gets a fresh entry
// under the same number, the night shutdown closes everything and then clears the
// maps, and references into the maps are taken again after every change.
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <string>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <utility>
#include <vector>

struct PlotHandles {
  int log_fd = -1;
  int valve_fd = -1;
};

class PlotRegistry {
public:
  explicit PlotRegistry(std::string dir) : dir_(std::move(dir)) {}
  ~PlotRegistry() { close_all(); }
  bool add_plot(int plot, const std::string &valve_socket);
  bool record_pulses(int plot, int pulses);
  bool set_valve(int plot, bool open);
  void vacate(int plot);
  bool reassign(int plot, const std::string &valve_socket);
  void close_all();

private:
  std::string dir_;
  std::map<int, PlotHandles> plots_;
};

static int connect_valve(const std::string &path) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

bool PlotRegistry::add_plot(int plot, const std::string &valve_socket) {
  if (plots_.count(plot))
    return false;
  const std::string path = dir_ + "/plot" + std::to_string(plot) + ".meter";
  PlotHandles h;
  h.log_fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (h.log_fd < 0)
    return false;
  h.valve_fd = connect_valve(valve_socket);
  if (h.valve_fd < 0) {
    ::close(h.log_fd);
    return false;
  }
  plots_.emplace(plot, h);
  return true;
}

bool PlotRegistry::record_pulses(int plot, int pulses) {
  auto it = plots_.find(plot);
  if (it == plots_.end())
    return false;
  char line[32];
  int n = std::snprintf(line, sizeof line, "%d\n", pulses);
  return ::write(it->second.log_fd, line, static_cast<size_t>(n)) == n; // OK
}

bool PlotRegistry::set_valve(int plot, bool open) {
  auto it = plots_.find(plot);
  if (it == plots_.end())
    return false;
  const char *cmd = open ? "OPEN\n" : "SHUT\n";
  return ::send(it->second.valve_fd, cmd, 5, MSG_NOSIGNAL) == 5; // OK
}

void PlotRegistry::vacate(int plot) {
  auto it = plots_.find(plot);
  if (it == plots_.end())
    return;
  ::send(it->second.valve_fd, "SHUT\n", 5, MSG_NOSIGNAL);
  ::fsync(it->second.log_fd);
  ::close(it->second.valve_fd);
  ::close(it->second.log_fd);
  plots_.erase(it);
}

bool PlotRegistry::reassign(int plot, const std::string &valve_socket) {
  vacate(plot);
  if (!add_plot(plot, valve_socket))
    return false;
  PlotHandles &h = plots_.at(plot);
  return ::write(h.log_fd, "# new tenant\n", 13) == 13; // OK
}

void PlotRegistry::close_all() {
  for (auto &entry : plots_) {
    ::close(entry.second.valve_fd);
    ::close(entry.second.log_fd); // OK
  }
  plots_.clear();
}

int hosepipe_ban(PlotRegistry &reg, const std::vector<int> &plots,
                 const std::vector<int> &leaving, const std::string &valve_dir) {
  int shut = 0;
  for (int p : leaving)
    reg.vacate(p);
  for (int p : plots) {
    if (reg.set_valve(p, false)) // OK
      ++shut;
  }
  if (!leaving.empty()) {
    const int p = leaving.front();
    if (reg.reassign(p, valve_dir + "/valve" + std::to_string(p)))
      reg.record_pulses(p, 0); // OK
  }
  reg.close_all();
  return shut;
}

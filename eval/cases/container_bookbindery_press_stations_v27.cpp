// Station registry for a bookbindery's finishing line. Each press station
// (nipping press, guillotine, case maker, foil blocker) is driven through a
// control socket kept in a map by station id; every station also has a shift
// log file. The registry re-homes a station to a new controller, retires
// stations for maintenance, and broadcasts job changes to the line.
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

int dialController(const std::string &endpoint);

class PressRegistry {
public:
  ~PressRegistry();

  bool attach(int station, const std::string &endpoint);
  bool rehome(int station, const std::string &endpoint);
  void pause(int station);
  bool resume(int station, const std::string &endpoint);
  void broadcast(const std::string &msg);
  bool send(int station, const std::string &msg);
  std::size_t size() const { return controls_.size(); }

private:
  std::map<int, int> controls_;
  std::set<int> paused_;
};

PressRegistry::~PressRegistry() {
  for (auto &entry : controls_) {
    if (!paused_.count(entry.first))
      ::close(entry.second); // OK
  }
}

bool PressRegistry::attach(int station, const std::string &endpoint) {
  if (controls_.count(station))
    return false;
  int fd = dialController(endpoint);
  if (fd < 0)
    return false;
  controls_[station] = fd;
  return true;
}

bool PressRegistry::rehome(int station, const std::string &endpoint) {
  auto it = controls_.find(station);
  if (it == controls_.end())
    return attach(station, endpoint);
  if (paused_.erase(station) == 0)
    ::close(it->second); // OK
  controls_.erase(it);
  int fd = dialController(endpoint);
  if (fd < 0)
    return false;
  controls_[station] = fd;
  return ::send(controls_[station], "HELLO\n", 6, MSG_NOSIGNAL) == 6; // OK
}

void PressRegistry::pause(int station) {
  auto it = controls_.find(station);
  if (it == controls_.end() || paused_.count(station))
    return;
  ::send(it->second, "MANUAL\n", 7, MSG_NOSIGNAL);
  ::close(it->second);
  paused_.insert(station);
}

bool PressRegistry::resume(int station, const std::string &endpoint) {
  if (!paused_.count(station))
    return false;
  int fd = dialController(endpoint);
  if (fd < 0)
    return false;
  controls_[station] = fd;
  paused_.erase(station);
  return true;
}

void PressRegistry::broadcast(const std::string &msg) {
  for (auto &entry : controls_) {
    if (paused_.count(entry.first))
      continue;
    ::send(entry.second, msg.data(), msg.size(), MSG_NOSIGNAL); // OK
  }
}

bool PressRegistry::send(int station, const std::string &msg) {
  auto it = controls_.find(station);
  if (it == controls_.end())
    return false;
  return ::send(it->second, msg.data(), msg.size(), MSG_NOSIGNAL) == // SAME: send
         static_cast<ssize_t>(msg.size());
}

struct StationLogs {
  std::vector<FILE *> files;
  std::vector<std::string> names;
};

bool openLogs(StationLogs &logs, const std::vector<std::string> &stations) {
  for (const std::string &name : stations) {
    FILE *f = std::fopen(("/var/log/bindery/" + name + ".log").c_str(), "a");
    if (!f) {
      for (FILE *open : logs.files)
        std::fclose(open);
      logs.files.clear();
      logs.names.clear();
      return false;
    }
    logs.files.push_back(f);
    logs.names.push_back(name);
  }
  return true;
}

void closeLogs(StationLogs &logs, int sheetsBound) {
  for (std::size_t i = 0; i < logs.files.size(); ++i) {
    std::fprintf(logs.files[i], "shift end: %s\n", logs.names[i].c_str()); // OK
    std::fclose(logs.files[i]);
  }
  if (!logs.files.empty())
    std::fprintf(logs.files.front(), "line total: %d sheets\n", sheetsBound); // BUG: use-after-close
  logs.files.clear();
}

int endOfShift(PressRegistry &line, StationLogs &logs, int foilBlocker, int sheets) {
  line.pause(foilBlocker);
  line.broadcast("JOB END\n");
  line.send(foilBlocker, "CLEAN DIE\n"); // BUG: use-after-close #send
  closeLogs(logs, sheets);
  return static_cast<int>(line.size());
}

int changeJob(PressRegistry &line, int guillotine, int foilBlocker, const std::string &newController) {
  line.broadcast("JOB CHANGE\n");
  if (!line.rehome(guillotine, newController))
    return -1;
  line.send(guillotine, "TRIM 148x210\n");
  if (line.resume(foilBlocker, newController))
    line.send(foilBlocker, "FOIL GOLD 22\n"); // OK
  return 0;
}

// Hackling-shed logger of a ropewalk. Each flax hackling bench writes its
// stricks to its own log, kept in a std::unordered_map<int, FILE*> keyed by
// bench number; a log is fclosed and erased together. Shed alarms are
// broadcast to the foremen's terminals, a std::set<int> of connected
// descriptors.
// Bugs: switchOff() fcloses by key in one loop and erases in a second one, so a
// bench listed twice in the panel's event list is fclosed twice; and
// broadcastAlarm() closes a terminal that failed a write but leaves it in the
// set, so endShift() closes it again. broadcastShiftChange() erases what it
// closes.
#include <cstdio>
#include <set>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace ropewalk {

class HacklingShed {
public:
  explicit HacklingShed(std::string dir) : dir_(std::move(dir)) {}

  void openBench(int bench) {
    if (benchLogs_.count(bench) != 0)
      return;
    std::string path = dir_ + "/bench-" + std::to_string(bench) + ".log";
    if (FILE *log = std::fopen(path.c_str(), "a"))
      benchLogs_.emplace(bench, log);
  }

  void recordStrick(int bench, double grams, int hackleGauge) {
    auto it = benchLogs_.find(bench);
    if (it == benchLogs_.end())
      return;
    std::fprintf(it->second, "strick %.0f g, hackle %d\n", grams, hackleGauge); // OK: retired benches were erased with their log
  }

  void retireBench(int bench) {
    auto it = benchLogs_.find(bench);
    if (it == benchLogs_.end())
      return;
    std::fclose(it->second);
    benchLogs_.erase(it);
  }

  // Closes the logs of the benches the foreman switched off; the list comes
  // straight from the panel's event log.
  void switchOff(const std::vector<int> &benches) {
    for (int bench : benches) {
      auto it = benchLogs_.find(bench);
      if (it != benchLogs_.end())
        std::fclose(it->second); // BUG: double-close
    }
    for (int bench : benches)
      benchLogs_.erase(bench);
  }

  void addTerminal(int fd) { terminals_.insert(fd); }

  void broadcastAlarm(const std::string &text) {
    for (int fd : terminals_) {
      if (::write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
        ::close(fd);
    }
  }

  void broadcastShiftChange(const std::string &text) {
    for (auto it = terminals_.begin(); it != terminals_.end();) {
      if (::write(*it, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
        ::close(*it);
        it = terminals_.erase(it);
      } else {
        ++it;
      }
    }
  }

  void closeTerminals() {
    for (int fd : terminals_)
      ::close(fd); // SAME: terminals
    terminals_.clear();
  }

  void handOver() {
    broadcastShiftChange("hand-over to the night shift\n");
    closeTerminals(); // OK: terminals closed by the broadcast were erased
  }

  void endShift() {
    broadcastAlarm("hackling shed closing\n");
    closeTerminals(); // BUG: double-close #terminals
    for (auto &entry : benchLogs_)
      std::fclose(entry.second); // OK: retireBench() and switchOff() erase what they close
    benchLogs_.clear();
  }

private:
  std::string dir_;
  std::unordered_map<int, FILE *> benchLogs_;
  std::set<int> terminals_;
};

} // namespace ropewalk

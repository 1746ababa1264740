// Water utility hydrant flushing: each district crew writes pressure readings
// to its own log file, kept in an unordered_map by district. A district's log
// is closed when its crew signs off, the supervisor hands a district over to
// another crew, and at the end of a route every district on it is closed and
// the route summary written.
#include <cstdio>
#include <set>
#include <string>
#include <unordered_map>

namespace hydrants {

class FlushLogs {
public:
  bool open(const std::string &district) {
    std::FILE *f = std::fopen(("/srv/flushing/" + district + ".log").c_str(), "a");
    if (!f)
      return false;
    logs_[district] = f;
    return true;
  }

  void record(const std::string &district, const std::string &hydrant, double psi) {
    auto it = logs_.find(district);
    if (it == logs_.end() || it->second == nullptr)
      return;
    std::fprintf(it->second, "%s %.1f psi\n", hydrant.c_str(), psi); // OK: signed-off districts are nulled
  }

  void signOff(const std::string &district) {
    auto it = logs_.find(district);
    if (it == logs_.end() || it->second == nullptr)
      return;
    std::fclose(it->second);
    it->second = nullptr;
  }

  void closeAll() {
    for (auto &entry : logs_)
      if (entry.second)
        std::fclose(entry.second); // OK
    logs_.clear();
  }

  std::unordered_map<std::string, std::FILE *> &raw() { return logs_; }

private:
  std::unordered_map<std::string, std::FILE *> logs_;
};

void handOver(std::unordered_map<std::string, std::FILE *> &logs, const std::string &from,
              const std::string &to) {
  std::FILE *src = logs.at(from);
  std::fputs("handed over\n", src);
  std::fclose(src);
  logs.erase(from);
  auto it = logs.find(to);
  if (it != logs.end())
    std::fprintf(it->second, "received district %s\n", from.c_str()); // OK: an erased key is not found
}

void finishRoute(std::unordered_map<std::string, std::FILE *> &logs, const std::set<std::string> &route) {
  if (route.empty())
    return;
  std::FILE *&lastStop = logs.at(*route.rbegin());
  for (const std::string &district : route) {
    std::fprintf(logs.at(district), "route closed\n"); // OK
    std::fclose(logs.at(district));
  }
  std::fprintf(lastStop, "summary: %zu districts flushed\n", route.size()); // BUG: use-after-close
}

} // namespace hydrants

// Field-meet server for peregrine flights. Each falconer's gauntlet reader (an RFID glove
// that logs the bird's return) is a TCP connection kept in an unordered_map by falconer;
// pending leash checks sit in a std::list walked with iterators. dropFalconer() closes
// the reader and erases it, so later broadcasts reach live readers only. expireChecks()
// closes a lapsed falconer's reader and erases it from the map, so a second lapsed check
// for the same falconer finds nothing to close. scoreFlight() remembers the descriptor,
// drops a disqualified falconer and then sends the score to the remembered descriptor;
// closeMeet() closes every reader and then broadcasts its farewell.
#include <chrono>
#include <list>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <unordered_map>

using Clock = std::chrono::steady_clock;

struct LeashCheck {
  std::string falconer;
  Clock::time_point due;
};

class GauntletHub {
public:
  void join(const std::string &falconer, int fd) {
    auto [it, inserted] = readers_.emplace(falconer, fd);
    if (!inserted) {
      ::close(it->second);
      it->second = fd;
    }
  }

  void scheduleCheck(const std::string &falconer, Clock::duration within) {
    checks_.push_back({falconer, Clock::now() + within});
  }

  void dropFalconer(const std::string &falconer) {
    auto it = readers_.find(falconer);
    if (it == readers_.end())
      return;
    ::close(it->second);
    readers_.erase(it);
  }

  void broadcast(const std::string &msg) {
    for (const auto &[falconer, fd] : readers_)
      ::send(fd, msg.data(), msg.size(), MSG_NOSIGNAL); // SAME: farewell
  }

  void expireChecks(Clock::time_point now) {
    for (auto it = checks_.begin(); it != checks_.end();) {
      if (it->due > now) {
        ++it;
        continue;
      }
      if (auto r = readers_.find(it->falconer); r != readers_.end()) {
        ::close(r->second); // OK
        readers_.erase(r);
      }
      it = checks_.erase(it);
    }
  }

  void scoreFlight(const std::string &falconer, int score) {
    auto it = readers_.find(falconer);
    if (it == readers_.end())
      return;
    const int fd = it->second;
    if (score < 0)
      dropFalconer(falconer);
    const std::string msg = "score " + std::to_string(score) + "\n";
    ::send(fd, msg.data(), msg.size(), MSG_NOSIGNAL); // BUG: use-after-close
  }

  void closeMeet() {
    for (auto &entry : readers_)
      ::close(entry.second);
    broadcast("meet closed, hood your birds\n"); // BUG: use-after-close #farewell
    readers_.clear();
    checks_.clear();
  }

private:
  std::unordered_map<std::string, int> readers_;
  std::list<LeashCheck> checks_;
};

void runMeet(GauntletHub &hub, int aliceFd, int bramFd, int cerysFd) {
  hub.join("alice", aliceFd);
  hub.join("bram", bramFd);
  hub.join("cerys", cerysFd);
  hub.scheduleCheck("bram", std::chrono::minutes(5));
  hub.scheduleCheck("bram", std::chrono::minutes(7));
  hub.broadcast("first slip at 10:00\n");
  hub.expireChecks(Clock::now() + std::chrono::minutes(10));
  hub.broadcast("bram's leash checks lapsed\n"); // OK
  hub.dropFalconer("cerys");
  hub.broadcast("second slip at 10:30\n"); // OK
  hub.scoreFlight("alice", -1);
  hub.closeMeet();
}

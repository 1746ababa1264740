// Show cave lighting: each gallery's stalactite lamps hang off a LampLink (a
// pipe to the dimmer controller). Links are torn down when a gallery floods
// or closes for bats, and the tour scripts guard every later command. Correct
// as written: each set_level() after a possible teardown() is behind a guard
// (map lookup plus alive(), a switch on status(), a throwing precondition, a
// helper that returns false, a continue, or a do/while on alive()).
#include <unistd.h>

#include <cerrno>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

class LampLink {
 public:
  enum class Status { Lit, Dark, Offline };

  explicit LampLink(int fd) : fd_(fd) {}
  void set_level(int pct) {
    if (fd_ < 0) throw std::runtime_error("lamp link offline");
    unsigned char b = static_cast<unsigned char>(pct);
    ssize_t n;
    do {
      n = ::write(fd_, &b, 1);
    } while (n < 0 && errno == EINTR);
    if (n != 1) throw std::runtime_error("lamp link: write failed");
    level_ = pct;
  }
  void teardown() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  bool alive() const { return fd_ >= 0; }
  Status status() const {
    if (fd_ < 0) return Status::Offline;
    return level_ > 0 ? Status::Lit : Status::Dark;
  }

 private:
  int fd_;
  int level_ = 0;
};

using Galleries = std::map<std::string, LampLink>;

void flood_alarm(Galleries& g, const std::string& flooded) {
  if (auto it = g.find(flooded); it != g.end()) it->second.teardown();
  if (auto it = g.find("cathedral"); it != g.end() && it->second.alive()) {
    it->second.set_level(100);  // OK: lookup and alive() checked
  }
}

void bat_season(Galleries& g) {
  for (auto& [name, link] : g) {
    if (name.rfind("roost", 0) == 0) link.teardown();
  }
  for (auto& [name, link] : g) {
    if (!link.alive()) continue;
    link.set_level(30);  // OK: torn-down links are skipped
  }
}

void tour_step(LampLink& l, bool flooded) {
  if (flooded) l.teardown();
  switch (l.status()) {
    case LampLink::Status::Offline:
      return;
    case LampLink::Status::Dark:
      l.set_level(60);  // OK: status() is Offline after teardown
      break;
    case LampLink::Status::Lit:
      l.set_level(80);  // OK: status() is Offline after teardown
      break;
  }
}

void require_lit(LampLink& l, bool flooded) {
  if (flooded) l.teardown();
  if (!l.alive()) throw std::runtime_error("gallery dark: lamp link torn down");
  l.set_level(100);  // OK: the precondition throws when torn down
}

static bool try_dim(LampLink& l, int pct) {
  if (!l.alive()) return false;
  l.set_level(pct);
  return true;
}

void sunset_show(LampLink& l, bool flooded) {
  if (flooded) l.teardown();
  if (!try_dim(l, 10)) return;
  l.set_level(5);  // OK: try_dim() returned false if the link was torn down
}

void pulse(LampLink& l, const std::vector<int>& levels) {
  std::size_t i = 0;
  if (!l.alive()) return;
  do {
    l.set_level(levels.empty() ? 50 : levels[i % levels.size()]);  // OK: alive() checked before entry and by the loop condition
    if (++i == 8) l.teardown();
  } while (l.alive());
}

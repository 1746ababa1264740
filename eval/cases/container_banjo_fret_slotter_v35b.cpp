// Workshop controller for banjo neck fret slotting: each slotting saw is a
// serial descriptor in an unordered_map keyed by bench number, and the
// radius-sanding heads are held as unique_ptr objects in a vector.
// Correct throughout: a saw is erased from the map in the same step that
// closes it, broadcasts skip the retired bench, the map is cleared right after
// the close-all loop, and a sanding head closed for a blade change is replaced
// in its slot before it is driven again.
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace fretworks {

using SawTable = std::unordered_map<int, int>;  // bench -> descriptor

static void send_line(int fd, const std::string& line) {
  ::write(fd, line.data(), line.size());
}

class SandingHead {
 public:
  explicit SandingHead(int fd) : fd_(fd) {}
  ~SandingHead() { stop(); }
  void pass(int radius_in) {
    if (!alive()) throw std::runtime_error("sanding head stopped");
    send_line(fd_, "PASS R" + std::to_string(radius_in) + "\n");
  }
  void stop() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }
  bool alive() const { return fd_ >= 0; }

 private:
  int fd_;
};

void retire_dull_saws(SawTable& saws, const std::vector<int>& dull) {
  for (auto it = saws.begin(); it != saws.end();) {
    bool is_dull = false;
    for (int b : dull) is_dull = is_dull || b == it->first;
    if (is_dull) {
      ::close(it->second);
      it = saws.erase(it);
    } else {
      send_line(it->second, "SLOT NEXT\n");  // OK: closed saws were erased from the table
      ++it;
    }
  }
}

void broadcast_scale(SawTable& saws, int retired_bench, double scale_mm) {
  auto found = saws.find(retired_bench);
  if (found != saws.end()) {
    ::close(found->second);
    saws.erase(found);
  }
  for (auto& entry : saws) {
    send_line(entry.second, "SCALE " + std::to_string(scale_mm) + "\n");  // OK: the retired bench is gone
  }
}

static void keepalive_tick(SawTable& saws) {
  for (auto& entry : saws) send_line(entry.second, "KEEPALIVE\n");
}

void close_workshop(SawTable& saws) {
  keepalive_tick(saws);
  for (auto& entry : saws) ::close(entry.second);
  saws.clear();
  keepalive_tick(saws);  // OK: the last timer tick after closing sees an empty table
}

void blade_change(std::vector<std::unique_ptr<SandingHead>>& heads, size_t idx, int new_fd) {
  if (idx >= heads.size()) return;
  SandingHead& old_head = *heads[idx];
  old_head.stop();
  for (size_t i = 0; i < heads.size(); ++i) {
    if (i == idx) continue;
    heads[i]->pass(10);  // OK: only the head at idx was stopped
  }
  heads[idx] = std::make_unique<SandingHead>(new_fd);
  heads[idx]->pass(12);  // OK: replaced with a fresh head
}

void finish_necks(std::vector<std::unique_ptr<SandingHead>>& heads) {
  for (auto& h : heads) {
    h->pass(16);
    h->stop();
  }
  for (auto& h : heads) {
    if (h->alive()) h->pass(20);  // OK: alive() is false after stop()
  }
}

}  // namespace fretworks

// Dim-sum kitchen controller: steamer stacks are addressed by dumpling name in
// a map of basket links, the wok burners sit in a vector by station index.
// Three mistakes: end_of_service() closes every basket link in a loop and then
// tells the har gow stack to keep warm through the map; custard_break() keeps
// a reference to the custard stack, lets announce_rush() close it by key, and
// then sends through the reference; and cool_overheated() closes an
// overheated wok and then sends the same index a fan command.
// Closing by key then erasing, skipping closed links, and replacing a wok
// link in its slot before reuse are all correct.
#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace dimsum {

class BasketLink {
 public:
  explicit BasketLink(int fd) : fd_(fd) {}
  ~BasketLink() { close(); }

  void send(const std::string& cmd) {
    if (fd_ < 0) throw std::runtime_error("basket link closed");
    ::write(fd_, cmd.data(), cmd.size());
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }
  bool closed() const { return fd_ < 0; }

 private:
  int fd_;
};

class WokLink {
 public:
  explicit WokLink(int fd) : fd_(fd) {}
  int flame(int level) {
    if (fd_ < 0) return -1;  // EBADF-like: link already released
    std::string cmd = "FLAME " + std::to_string(level) + "\n";
    return static_cast<int>(::write(fd_, cmd.data(), cmd.size()));
  }
  int fan(bool on) {
    if (fd_ < 0) return -1;
    return static_cast<int>(::write(fd_, on ? "FAN 1\n" : "FAN 0\n", 6));
  }
  void release() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  int temperature() const {
    if (fd_ < 0) return -1;
    char buf[8] = {0};
    if (::pread(fd_, buf, sizeof buf - 1, 0) <= 0) return -1;
    return std::atoi(buf);
  }

 private:
  int fd_;
};

using BasketMap = std::map<std::string, std::unique_ptr<BasketLink>>;

void end_of_service(BasketMap& baskets) {
  for (auto& entry : baskets) {
    entry.second->send("STEAM OFF\n");
    entry.second->close();
  }
  baskets.at("har-gow")->send("KEEP WARM\n");  // BUG: use-after-close
}

void sold_out(BasketMap& baskets, const std::string& dumpling) {
  auto it = baskets.find(dumpling);
  if (it == baskets.end()) return;
  it->second->close();
  baskets.erase(it);
  auto again = baskets.find(dumpling);
  if (again != baskets.end()) again->second->send("REFILL\n");  // OK: erased, find() cannot return the closed link
}

void announce_rush(BasketMap& baskets, const std::string& paused) {
  baskets.at(paused)->close();
  for (auto& entry : baskets) {
    if (entry.second->closed()) continue;
    entry.second->send("STEAM HIGH\n");  // OK: closed links are skipped
  }
}

void custard_break(BasketMap& baskets) {
  BasketLink& custard = *baskets.at("custard-bun");
  announce_rush(baskets, "custard-bun");
  custard.send("STEAM LOW\n");  // BUG: use-after-close
}

void cool_overheated(std::vector<WokLink>& woks) {
  for (size_t i = 0; i < woks.size(); ++i) {
    if (woks[i].temperature() > 260) {
      woks[i].flame(0);
      woks[i].release();
      woks[i].fan(true);  // BUG: use-after-close
    }
  }
}

void swap_station(std::vector<WokLink>& woks, size_t station, int new_fd) {
  if (station + 1 >= woks.size()) return;
  woks[station].release();
  woks[station + 1].flame(3);  // OK: neighbouring station, still open
  woks[station] = WokLink(new_fd);
  woks[station].flame(5);  // OK: slot holds a fresh link
}

}  // namespace dimsum

// Blacksmith's forge floor: each forge hearth has a bellows blower controller
// on its own serial line. The floor sets the blast level per forge, quenches a
// forge (blower off, line closed, entry kept for the shift's heat count),
// retires forges, drops every hearth to idle between heats, and can re-attach
// a quenched or retired forge under the same number.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <string>
#include <unistd.h>

struct Bellows {
  int fd = -1;
  int level = 0;
  int heats = 0;
  bool quenched = false;
};

static bool send_level(int fd, int level) {
  char cmd[16];
  int n = std::snprintf(cmd, sizeof cmd, "B%03d\n", level);
  for (;;) {
    ssize_t w = ::write(fd, cmd, static_cast<size_t>(n)); // SAME: idle
    if (w < 0 && errno == EINTR)
      continue;
    return w == n;
  }
}

class ForgeFloor {
public:
  ~ForgeFloor() { shutdown(); }

  bool attach(int forge, const char *dev);
  bool setBlast(int forge, int level);
  void quench(int forge);
  void retire(int forge);
  void idleAll();
  void shutdown();
  int heats(int forge) const;

private:
  std::map<int, Bellows> bellows_;
};

bool ForgeFloor::attach(int forge, const char *dev) {
  auto it = bellows_.find(forge);
  if (it != bellows_.end() && !it->second.quenched)
    return false;
  int fd = ::open(dev, O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return false;
  Bellows &b = bellows_[forge];
  b.fd = fd;
  b.level = 0;
  b.quenched = false;
  return send_level(b.fd, 0); // OK
}

bool ForgeFloor::setBlast(int forge, int level) {
  auto it = bellows_.find(forge);
  if (it == bellows_.end() || it->second.quenched)
    return false;
  if (level > 0 && it->second.level == 0)
    ++it->second.heats;
  it->second.level = level;
  return send_level(it->second.fd, level); // OK
}

void ForgeFloor::quench(int forge) {
  auto it = bellows_.find(forge);
  if (it == bellows_.end() || it->second.quenched)
    return;
  send_level(it->second.fd, 0);
  ::close(it->second.fd);
  it->second.quenched = true;
  it->second.level = 0;
}

void ForgeFloor::retire(int forge) {
  auto it = bellows_.find(forge);
  if (it == bellows_.end())
    return;
  if (!it->second.quenched)
    ::close(it->second.fd); // OK
  bellows_.erase(it);
}

void ForgeFloor::idleAll() {
  for (auto &entry : bellows_) {
    Bellows &b = entry.second;
    b.level = 1;
    send_level(b.fd, 1); // BUG: use-after-close #idle
  }
}

void ForgeFloor::shutdown() {
  for (auto &entry : bellows_) {
    if (entry.second.quenched)
      continue;
    send_level(entry.second.fd, 0); // OK
    ::close(entry.second.fd); // OK
  }
  bellows_.clear();
}

int ForgeFloor::heats(int forge) const {
  auto it = bellows_.find(forge);
  return it == bellows_.end() ? 0 : it->second.heats;
}

void run_heat(ForgeFloor &floor, int hotForge, int finishedForge) {
  floor.setBlast(hotForge, 80);
  floor.quench(finishedForge);
  floor.idleAll();
}

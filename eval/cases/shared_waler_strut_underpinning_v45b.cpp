// Strut-load monitoring for the shoring of an underpinning excavation. Each
// waler bay record owns the serial link to its strut load cell; the registry
// owns the bays through shared_ptr and hands out the link with the aliasing
// constructor (shared_ptr<StrainLink>(bay, &bay->link)), so whoever holds the
// link also keeps its bay alive. The alarm panel and the heartbeat callback
// (a std::function holding such a pointer) outlive registry changes: a bay
// removed for re-pinning stays reachable through them, a decommissioned bay's
// link is closed. Sending on a closed link throws. If an alarm cannot be
// delivered, the evacuation hook (a second std::function holding a link
// pointer) is fired instead.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class StrainLink {
public:
  ~StrainLink() { close(); }
  bool open(const char *dev) {
    fd_ = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
    return fd_ >= 0;
  }
  void send(const std::string &frame) {
    if (fd_ < 0)
      throw std::runtime_error("strain link closed, cannot send " + frame);
    (void)::write(fd_, frame.data(), frame.size());
  }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

struct WalerBay {
  int number = 0;
  double preloadKN = 0.0;
  StrainLink link;
};

class ShoringRegistry {
public:
  bool install(int number, double preloadKN, const char *dev) {
    auto bay = std::make_shared<WalerBay>();
    bay->number = number;
    bay->preloadKN = preloadKN;
    if (!bay->link.open(dev))
      return false;
    bays_[number] = std::move(bay);
    return true;
  }
  std::shared_ptr<StrainLink> linkOf(int number) const {
    const std::shared_ptr<WalerBay> &bay = bays_.at(number);
    return std::shared_ptr<StrainLink>(bay, &bay->link);
  }
  void remove(int number) { bays_.erase(number); }
  void decommission(int number) {
    auto it = bays_.find(number);
    if (it == bays_.end())
      return;
    it->second->link.close();
    bays_.erase(it);
  }

private:
  std::map<int, std::shared_ptr<WalerBay>> bays_;
};

class AlarmPanel {
public:
  void watch(int bay, std::shared_ptr<StrainLink> link) { links_.emplace_back(bay, std::move(link)); }
  void raise(int bay, double kN) {
    for (auto &[number, link] : links_)
      if (number == bay)
        link->send("ALARM " + std::to_string(kN)); // SAME: baydecom
  }

private:
  std::vector<std::pair<int, std::shared_ptr<StrainLink>>> links_;
};

int main() {
  ShoringRegistry registry;
  AlarmPanel panel;
  if (!registry.install(3, 640.0, "/dev/ttyS3") || !registry.install(4, 610.0, "/dev/ttyS4"))
    return 1;
  panel.watch(3, registry.linkOf(3));
  panel.watch(4, registry.linkOf(4));
  std::function<void()> heartbeat = [link = registry.linkOf(4)] {
    if (link->isOpen())
      link->send("HB"); // OK: checks isOpen()
  };
  std::function<void()> evacuate = [link = registry.linkOf(4)] {
    link->send("EVACUATE"); // SAME: evac
  };

  registry.remove(3);
  panel.raise(3, 812.0); // OK: the aliasing pointer keeps bay 3 and its link alive
  registry.decommission(4);
  heartbeat(); // OK
  try {
    panel.raise(4, 790.0); // BUG: use-after-close #baydecom
  } catch (const std::exception &e) {
    std::fprintf(stderr, "strut alarm not delivered: %s\n", e.what());
    evacuate(); // BUG: use-after-close #evac
  }
  return 0;
}

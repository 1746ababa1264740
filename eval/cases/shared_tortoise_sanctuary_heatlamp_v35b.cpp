// Heat-lamp control at a tortoise sanctuary: the lamps of all enclosures hang
// on one RS-485 lamp bus shared by the enclosure controllers, the basking
// timers and the humidity monitor. Night mode shuts the bus; a bus swap after
// maintenance gives the enclosures a new bus and closes the old one.
// Two mistakes: the basking timer keeps its own shared_ptr copy of the bus and
// fires after night mode closed it; the humidity monitor keeps the old bus
// after the swap and uses it once maintenance closed it. The dusk timer holds
// a weak_ptr and checks closed() before sending, and the enclosure re-reads
// its member after the swap.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace sanctuary {

class LampBus {
 public:
  explicit LampBus(int fd) : fd_(fd) {}
  ~LampBus() { shutdown(); }

  void set_level(int lamp, int percent) {
    if (fd_ < 0) throw std::runtime_error("lamp bus closed");
    std::string frame = "L" + std::to_string(lamp) + "=" + std::to_string(percent) + "\n";
    ::write(fd_, frame.data(), frame.size());
  }

  void shutdown() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

  bool closed() const { return fd_ < 0; }

 private:
  int fd_;
};

class TimerWheel {
 public:
  void after(int minutes, std::function<void()> cb) { due_.emplace_back(minutes, std::move(cb)); }
  void fire_due() {
    auto due = std::move(due_);
    due_.clear();
    for (auto& d : due) d.second();
  }

 private:
  std::vector<std::pair<int, std::function<void()>>> due_;
};

class Enclosure {
 public:
  Enclosure(int first_lamp, std::shared_ptr<LampBus> bus) : lamp_(first_lamp), bus_(std::move(bus)) {}

  void schedule_basking(TimerWheel& timers) {
    auto bus = bus_;
    int lamp = lamp_;
    timers.after(30, [bus, lamp] { bus->set_level(lamp, 100); });  // BUG: use-after-close
  }

  void schedule_dusk(TimerWheel& timers) {
    std::weak_ptr<LampBus> weak = bus_;
    int lamp = lamp_;
    timers.after(90, [weak, lamp] {
      auto bus = weak.lock();
      if (!bus || bus->closed()) return;
      bus->set_level(lamp, 20);  // OK: checked closed() on the locked owner
    });
  }

  void swap_bus(std::shared_ptr<LampBus> fresh) { bus_ = std::move(fresh); }
  void warm() { bus_->set_level(lamp_, 60); }  // OK: re-reads the member, the swapped-in bus is open
  std::shared_ptr<LampBus> bus() const { return bus_; }

 private:
  int lamp_;
  std::shared_ptr<LampBus> bus_;
};

class HumidityMonitor {
 public:
  explicit HumidityMonitor(std::shared_ptr<LampBus> bus) : bus_(std::move(bus)) {}
  void on_reading(int lamp, double rh) {
    if (rh < 40.0) bus_->set_level(lamp, 30);  // SAME: stale
  }

 private:
  std::shared_ptr<LampBus> bus_;
};

class NightMode {
 public:
  explicit NightMode(std::shared_ptr<LampBus> bus) : bus_(std::move(bus)) {}
  void engage() { bus_->shutdown(); }

 private:
  std::shared_ptr<LampBus> bus_;
};

void evening(int bus_fd) {
  auto bus = std::make_shared<LampBus>(bus_fd);
  Enclosure leopard(1, bus);
  Enclosure sulcata(4, bus);
  NightMode night(bus);
  TimerWheel timers;
  leopard.schedule_dusk(timers);
  sulcata.schedule_basking(timers);
  night.engage();
  timers.fire_due();
}

void maintenance(int old_fd, int new_fd) {
  auto old_bus = std::make_shared<LampBus>(old_fd);
  Enclosure hermanni(7, old_bus);
  HumidityMonitor monitor(hermanni.bus());
  hermanni.swap_bus(std::make_shared<LampBus>(new_fd));
  old_bus->shutdown();
  hermanni.warm();
  monitor.on_reading(7, 35.0);  // BUG: use-after-close #stale
}

}  // namespace sanctuary

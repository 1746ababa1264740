// Porcini drying room: sliced ceps dry on lattice racks, each rack with its own
// fan/humidity controller on a serial descriptor. The DryingRoom keeps the racks
// in a vector (with an open flag), an index rack number -> descriptor, and the
// fan sweep order (descriptors) built when the racks are attached.
// Two mistakes: night_cycle() runs the fan sweep after even racks were powered
// down and rack 7 retired (the sweep list still holds their descriptors), and
// season_end() calls close_everything(), which ignores the open flags and closes
// the powered-down racks a second time.
#include <fcntl.h>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

struct Rack {
  int number = 0;
  int fd = -1;
  bool open = false;
};

class DryingRoom {
public:
  bool attach(int number, const std::string &dev) {
    int fd = ::open(dev.c_str(), O_RDWR | O_NOCTTY);
    if (fd < 0)
      return false;
    racks_.push_back({number, fd, true});
    by_number_[number] = fd;
    sweep_.push_back(fd);
    return true;
  }
  void power_down_even() {
    for (auto &r : racks_) {
      if (r.number % 2 != 0 || !r.open)
        continue;
      ::close(r.fd);
      r.open = false;
      by_number_.erase(r.number);
    }
  }
  void retire(int number) {
    auto it = by_number_.find(number);
    if (it == by_number_.end())
      return;
    ::close(it->second);
    by_number_.erase(it);
    for (auto &r : racks_)
      if (r.number == number)
        r.open = false;
  }
  void poll() {
    for (auto &r : racks_) {
      if (!r.open)
        continue;
      ::write(r.fd, "T?\n", 3); // OK: closed racks are skipped
    }
  }
  void query_humidity() {
    for (auto &entry : by_number_)
      ::write(entry.second, "RH?\n", 4); // OK: closed racks are erased from the index
  }
  void sweep() {
    for (int fd : sweep_)
      ::write(fd, "FAN+\n", 5); // SAME: sweep
  }
  void close_remaining() {
    for (auto &r : racks_) {
      if (r.open) {
        ::close(r.fd); // OK: only racks still open
        r.open = false;
      }
    }
    by_number_.clear();
    sweep_.clear();
  }
  void close_everything() {
    for (auto &r : racks_)
      ::close(r.fd); // SAME: closeall
    racks_.clear();
    by_number_.clear();
    sweep_.clear();
  }

private:
  std::vector<Rack> racks_;
  std::map<int, int> by_number_;
  std::vector<int> sweep_;
};

static void attach_all(DryingRoom &room) {
  for (int n = 1; n <= 8; ++n)
    room.attach(n, "/dev/ttyRACK" + std::to_string(n));
}

void night_cycle(DryingRoom &room) {
  room.power_down_even();
  room.poll();
  room.retire(7);
  room.query_humidity();
  room.sweep(); // BUG: use-after-close #sweep
}

void morning_cycle(DryingRoom &room) {
  room.sweep(); // OK: nothing has been closed yet
  room.retire(3);
  room.poll();
  room.close_remaining();
}

void season_end(DryingRoom &room) {
  room.power_down_even();
  room.close_everything(); // BUG: double-close #closeall
}

void drying_season() {
  DryingRoom first, second, third;
  attach_all(first);
  attach_all(second);
  attach_all(third);
  morning_cycle(first);
  night_cycle(second);
  second.close_remaining();
  season_end(third);
}

// Slab polishing train at a marble works. Honing heads (each a serial
// descriptor to a spindle controller) live in an unordered_map keyed by bay;
// the pass scheduler keeps a raw pointer to the head that paces the current
// slab. A coolant nozzle bank keeps its nozzle descriptors in a std::array and
// isolates faulted nozzles; the spare rack is purged nozzle by nozzle at the
// end of a shift.
#include <array>
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <utility>

class HoningHead {
public:
  HoningHead(std::string bay, const char *dev)
      : bay_(std::move(bay)), fd_(::open(dev, O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("honing head " + bay_ + " not reachable");
  }
  ~HoningHead() { close(); }
  HoningHead(const HoningHead &) = delete;
  HoningHead &operator=(const HoningHead &) = delete;

  void feed(int microns) {
    if (fd_ < 0)
      throw std::runtime_error("honing head " + bay_ + " is closed");
    char cmd[32];
    int n = std::snprintf(cmd, sizeof cmd, "FEED %d\r", microns);
    ::write(fd_, cmd, static_cast<size_t>(n));
  }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

private:
  std::string bay_;
  int fd_;
};

class PassScheduler {
public:
  void assign(HoningHead *head) { pacing_ = head; }
  void tick(int microns) {
    if (pacing_)
      pacing_->feed(microns); // SAME: stale-pacer
  }

private:
  HoningHead *pacing_ = nullptr;
};

class PolishingTrain {
public:
  HoningHead *mount(const std::string &bay, const char *dev) {
    auto &slot = heads_[bay];
    slot = std::make_unique<HoningHead>(bay, dev);
    return slot.get();
  }
  HoningHead *find(const std::string &bay) {
    auto it = heads_.find(bay);
    return it == heads_.end() ? nullptr : it->second.get();
  }
  void retire(const std::string &bay) {
    auto it = heads_.find(bay);
    if (it == heads_.end())
      return;
    it->second->close();
    heads_.erase(it);
  }
  void feedAll(int microns) {
    for (auto &entry : heads_)
      entry.second->feed(microns);
  }

private:
  std::unordered_map<std::string, std::unique_ptr<HoningHead>> heads_;
};

class NozzleBank {
public:
  explicit NozzleBank(const std::array<const char *, 4> &devs) {
    for (std::size_t i = 0; i < fds_.size(); ++i)
      fds_[i] = ::open(devs[i], O_WRONLY | O_NOCTTY);
  }
  ~NozzleBank() {
    for (int fd : fds_)
      if (fd >= 0)
        ::close(fd);
  }
  NozzleBank(const NozzleBank &) = delete;
  NozzleBank &operator=(const NozzleBank &) = delete;

  void isolateFaults(const std::array<bool, 4> &faulted) {
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      if (faulted[i] && fds_[i] >= 0) {
        ::close(fds_[i]);
        fds_[i] = -1;
      }
    }
    for (int fd : fds_)
      if (fd >= 0)
        ::write(fd, "SPRAY\n", 6); // OK
  }

private:
  std::array<int, 4> fds_{};
};

void purgeSpareRack(const std::array<const char *, 4> &devs) {
  std::array<int, 4> fds{};
  for (std::size_t i = 0; i < fds.size(); ++i)
    fds[i] = ::open(devs[i], O_WRONLY | O_NOCTTY);
  for (std::size_t i = 0; i < fds.size(); ++i) {
    if (fds[i] < 0)
      continue;
    ::write(fds[i], "PURGE\n", 6); // OK
    ::close(fds[i]);
  }
  if (fds[0] >= 0)
    ::write(fds[0], "RACK DONE\n", 10); // BUG: use-after-close
}

void changeAbrasives(PolishingTrain &train, PassScheduler &sched) {
  sched.assign(train.find("bay-2"));
  train.retire("bay-1");
  train.feedAll(40);
  sched.tick(40); // OK

  sched.assign(train.find("bay-3"));
  train.retire("bay-3");
  train.feedAll(25);
  sched.tick(25); // BUG: use-after-close #stale-pacer
}

void endOfSlab(PolishingTrain &train, PassScheduler &sched) {
  sched.assign(nullptr);
  train.retire("bay-2");
  sched.tick(10); // OK
}

int main() {
  PolishingTrain train;
  for (const char *bay : {"bay-1", "bay-2", "bay-3", "bay-4"})
    train.mount(bay, (std::string("/dev/honing/") + bay).c_str());
  PassScheduler sched;
  changeAbrasives(train, sched);
  endOfSlab(train, sched);

  NozzleBank bank({"/dev/nz0", "/dev/nz1", "/dev/nz2", "/dev/nz3"});
  bank.isolateFaults({false, true, false, false});
  purgeSpareRack({"/dev/spare0", "/dev/spare1", "/dev/spare2", "/dev/spare3"});
}

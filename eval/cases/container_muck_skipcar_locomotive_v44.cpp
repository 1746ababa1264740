// Muck haulage behind a tunnel boring machine: the locomotive pulls a train
// of skip cars (std::list), each reporting its load over a telemetry fd; the
// loco talks to the portal cranes over a list of links and keeps radio links
// to the shift crews in a vector. Faulty cars are cut out of the train and
// silent radios are dropped as the train runs.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <list>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class SkipCar {
public:
  SkipCar(int number, int fd) : number_(number), fd_(fd) {}
  SkipCar(SkipCar &&o) noexcept
      : number_(o.number_), tonnes_(o.tonnes_), cellFault_(o.cellFault_),
        fd_(std::exchange(o.fd_, -1)) {}
  SkipCar(const SkipCar &) = delete;
  ~SkipCar() { close(); }

  int number() const { return number_; }
  double loadTonnes() const { return tonnes_; }
  bool cellFault() const { return cellFault_; }
  void setLoad(double t, bool fault) { tonnes_ = t; cellFault_ = fault; }

  void reportLoad(double t) {
    if (fd_ < 0)
      throw std::runtime_error("skip " + std::to_string(number_) + ": telemetry closed");
    dprintf(fd_, "skip %d %.2f t\n", number_, t);
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  int number_;
  double tonnes_ = 0.0;
  bool cellFault_ = false;
  int fd_;
};

struct CrewRadio {
  int fd;
  long lastHeardMs;
};

class MuckTrain {
public:
  void couple(int number, int fd) { cars_.emplace_back(number, fd); }
  void addRadio(int fd, long nowMs) { radios_.push_back({fd, nowMs}); }

  void cutOutFaulty() {
    for (auto it = cars_.begin(); it != cars_.end();) {
      if (it->cellFault()) {
        it->close();
        it = cars_.erase(it);
        continue;
      }
      it->reportLoad(it->loadTonnes()); // OK
      ++it;
    }
  }

  void flagOverweight(double axleLimit) {
    for (SkipCar &car : cars_) {
      if (car.loadTonnes() > axleLimit) {
        car.close();
        overweight_.push_back(car.number());
      }
    }
    for (SkipCar &car : cars_)
      car.reportLoad(car.loadTonnes()); // BUG: use-after-close
  }

  void dropSilentRadios(long nowMs) {
    radios_.erase(std::remove_if(radios_.begin(), radios_.end(),
                                 [nowMs](const CrewRadio &r) {
                                   if (nowMs - r.lastHeardMs < 30000)
                                     return false;
                                   ::close(r.fd);
                                   return true;
                                 }),
                  radios_.end());
    for (const CrewRadio &r : radios_)
      ::write(r.fd, "TRAIN MOVING\n", 13); // OK
  }

private:
  std::list<SkipCar> cars_;
  std::vector<int> overweight_;
  std::vector<CrewRadio> radios_;
};

void signalCranes(std::list<int> &craneLinks, const std::string &cmd) {
  for (auto it = craneLinks.begin(); it != craneLinks.end(); ++it) {
    if (::write(*it, cmd.data(), cmd.size()) < 0 && errno == EPIPE) // SAME: cranewrite
      ::close(*it);
  }
}

void tipAtPortal(std::list<int> &craneLinks) {
  signalCranes(craneLinks, "LIFT\n");
  signalCranes(craneLinks, "SLEW\n"); // BUG: use-after-close #cranewrite
}

int main() {
  MuckTrain train;
  for (int n = 1; n <= 8; ++n)
    train.couple(n, 20 + n);
  train.addRadio(40, 0);
  train.addRadio(41, 25000);
  train.cutOutFaulty();
  train.dropSilentRadios(45000);
  train.flagOverweight(24.0);
  std::list<int> cranes{50, 51};
  tipAtPortal(cranes);
  return 0;
}

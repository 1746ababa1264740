// Letterpress jobbing shop: the platen press's impression counter is a descriptor, galley
// proofs are appended to a FILE* journal that is rotated with freopen(), the quoin-lock
// torque sensor is a std::optional<QuoinSensor>, and the ink-roller controller sits behind
// a pimpl that is rebuilt after every close. Negative case: every handle is replaced on every
// path before it is used again: the counter descriptor is reopened in both branches (or the
// function returns), freopen()'s result is checked, the sensor is emplaced anew in each loop
// iteration after the close, and the pimpl is rebuilt by make_unique before the next call.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class QuoinSensor {
public:
  explicit QuoinSensor(int chase) : chase_(chase) {}
  double torque() const {
    if (closed_)
      throw std::runtime_error("quoin sensor closed");
    return 2.5 + chase_ * 0.1;
  }
  void close() { closed_ = true; }

private:
  int chase_;
  bool closed_ = false;
};

class InkRollerControl {
public:
  explicit InkRollerControl(int rollers);
  ~InkRollerControl();
  void ink(int passes);
  void close();
  void reopen();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int rollers_;
};

struct InkRollerControl::Impl {
  int passes = 0;
  bool open = true;
};

InkRollerControl::InkRollerControl(int rollers) : impl_(std::make_unique<Impl>()), rollers_(rollers) {}
InkRollerControl::~InkRollerControl() = default;
void InkRollerControl::ink(int passes) {
  if (!impl_->open)
    throw std::runtime_error("ink roller control closed");
  impl_->passes += passes * rollers_;
}
void InkRollerControl::close() { impl_->open = false; }
void InkRollerControl::reopen() { impl_ = std::make_unique<Impl>(); }

int count_impressions(const char *counterDev, const char *spareDev, bool swapToSpare) {
  int fd = ::open(counterDev, O_RDONLY);
  if (fd < 0)
    return -1;
  char buf[16] = {};
  ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (swapToSpare)
    fd = ::open(spareDev, O_RDONLY);
  else
    fd = ::open(counterDev, O_RDONLY);
  if (fd < 0)
    return -1;
  ssize_t n = ::read(fd, buf, sizeof buf - 1); // OK: reopened on both branches
  ::close(fd);
  return n > 0 ? std::atoi(buf) : 0;
}

bool proof_galleys(const std::vector<std::string> &galleys, const char *journal) {
  FILE *fp = std::fopen(journal, "a");
  if (!fp)
    return false;
  for (size_t i = 0; i < galleys.size(); ++i) {
    std::fprintf(fp, "proof %s\n", galleys[i].c_str()); // OK: fp is the reopened journal when rotated
    if (i % 50 == 49) {
      fp = std::freopen(journal, "w", fp);
      if (!fp)
        return false;
    }
  }
  return std::fclose(fp) == 0;
}

double lock_up_forms(const std::vector<int> &chases) {
  std::optional<QuoinSensor> sensor;
  double worst = 0.0;
  for (int chase : chases) {
    sensor.emplace(chase);
    double t = sensor->torque(); // OK: emplaced fresh in this iteration
    if (t > worst)
      worst = t;
    sensor->close();
  }
  return worst;
}

void run_job(InkRollerControl &rollers, int sheets) {
  rollers.ink(3);
  for (int s = 0; s < sheets; s += 500) {
    rollers.close();
    rollers.reopen();
    rollers.ink(1); // OK: reopen() gave it a fresh open Impl
  }
  auto press = std::make_unique<QuoinSensor>(1);
  press->close();
  press = std::make_unique<QuoinSensor>(2);
  press->torque(); // OK: replaced by make_unique
}

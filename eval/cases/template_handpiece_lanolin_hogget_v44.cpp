// Woolshed equipment pools: a class template Pool<Res> lends out grinder links
// (handpiece comb/cutter grinders on an fd) and bale scales (std::fstream on
// the scale's serial device). drain() stops lending and closes idle resources,
// leased ones are closed when given back; closeAll() is the power-loss path
// that closes everything, leased or not.
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

template <class Res> class Pool {
public:
  using Factory = std::function<std::unique_ptr<Res>()>;
  Pool(Factory make, size_t cap) : make_(std::move(make)), cap_(cap) {}

  Res *acquire() {
    std::lock_guard<std::mutex> lk(mu_);
    if (draining_)
      return nullptr;
    if (!idle_.empty()) {
      Res *r = idle_.back();
      idle_.pop_back();
      return r;
    }
    if (all_.size() == cap_)
      return nullptr;
    all_.push_back(make_());
    return all_.back().get();
  }
  void giveBack(Res *r) {
    std::lock_guard<std::mutex> lk(mu_);
    if (draining_) {
      r->close(); // SAME: scalereturn
      return;
    }
    idle_.push_back(r);
  }
  void drain() {
    std::lock_guard<std::mutex> lk(mu_);
    draining_ = true;
    for (Res *r : idle_)
      r->close();
    idle_.clear();
  }
  void closeAll() {
    std::lock_guard<std::mutex> lk(mu_);
    draining_ = true;
    for (auto &r : all_)
      r->close();
    idle_.clear();
  }

private:
  Factory make_;
  size_t cap_;
  std::mutex mu_;
  bool draining_ = false;
  std::vector<std::unique_ptr<Res>> all_;
  std::vector<Res *> idle_;
};

class GrinderLink {
public:
  explicit GrinderLink(const char *dev) : fd_(::open(dev, O_RDWR | O_CLOEXEC)) {}
  ~GrinderLink() { close(); }
  void sharpen(const std::string &part) {
    if (fd_ < 0)
      throw std::runtime_error("grinder link closed, cannot sharpen " + part);
    std::string cmd = "GRIND " + part + "\n";
    ::write(fd_, cmd.data(), cmd.size());
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  int fd_;
};

class BaleScale {
public:
  explicit BaleScale(const std::string &dev) : port_(dev, std::ios::in | std::ios::out) {}
  double weigh() {
    if (!port_.is_open())
      throw std::runtime_error("bale scale closed");
    double kg = 0.0;
    port_ << "W\n" << std::flush;
    port_ >> kg;
    return kg;
  }
  void close() {
    if (!port_.is_open())
      throw std::logic_error("bale scale already closed");
    port_.close();
  }

private:
  std::fstream port_;
};

static void smoko(Pool<GrinderLink> &grinders, Pool<BaleScale> &scales) {
  grinders.closeAll();
  scales.drain();
}

double shearingRun(Pool<GrinderLink> &grinders, Pool<BaleScale> &scales) {
  GrinderLink *grinder = grinders.acquire();
  BaleScale *scale = scales.acquire();
  if (!grinder || !scale)
    return 0.0;
  grinder->sharpen("comb 13T");
  double hogget = scale->weigh();
  smoko(grinders, scales);
  double wether = scale->weigh(); // OK
  scales.giveBack(scale); // OK
  grinder->sharpen("cutter 4pt"); // BUG: use-after-close
  grinders.giveBack(grinder);
  return hogget + wether;
}

double pressLanolinLot(Pool<BaleScale> &scales) {
  BaleScale *scale = scales.acquire();
  if (!scale)
    return 0.0;
  double kg = scale->weigh();
  scales.drain();
  scale->close();
  scales.giveBack(scale); // BUG: double-close #scalereturn
  return kg;
}

int main() {
  Pool<GrinderLink> grinders([] { return std::make_unique<GrinderLink>("/dev/grinder0"); }, 2);
  Pool<BaleScale> scales([] { return std::make_unique<BaleScale>("/dev/ttyS5"); }, 1);
  Pool<BaleScale> pressScales([] { return std::make_unique<BaleScale>("/dev/ttyS6"); }, 1);
  shearingRun(grinders, scales);
  pressLanolinLot(pressScales);
  return 0;
}

// Multiplex cinema automation: digital projectors and Atmos sound racks are
// leased to screens from small pools before each show and returned when the
// show ends. Pools are shut down for the overnight maintenance window and
// restarted in the morning. Correct: shutdown() is idempotent, every acquire
// that can follow a shutdown is preceded by an accepting() check or by
// restart(), and returning a lease after shutdown is allowed by the pool
// (the unit is simply dropped instead of being parked again).
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename Unit> class LeasePool {
public:
  explicit LeasePool(std::string name) : name_(std::move(name)) {}

  void add(std::unique_ptr<Unit> u) {
    checkOpen();
    idle_.push_back(std::move(u));
  }

  std::unique_ptr<Unit> acquire() {
    checkOpen();
    if (idle_.empty())
      return nullptr;
    std::unique_ptr<Unit> u = std::move(idle_.back());
    idle_.pop_back();
    return u;
  }

  void giveBack(std::unique_ptr<Unit> u) {
    if (!u || shutDown_)
      return;
    idle_.push_back(std::move(u));
  }

  void shutdown() {
    if (shutDown_)
      return;
    shutDown_ = true;
  }

  void restart() { shutDown_ = false; }
  bool accepting() const { return !shutDown_; }
  size_t idle() const { return idle_.size(); }

private:
  void checkOpen() const {
    if (shutDown_)
      throw std::runtime_error(name_ + " pool is shut down");
  }

  std::string name_;
  std::vector<std::unique_ptr<Unit>> idle_;
  bool shutDown_ = false;
};

struct Projector {
  std::string serial;
  int lampHours = 0;
};

struct SoundRack {
  std::string serial;
  bool atmos = true;
};

struct CaptionFeed {
  std::string language;
};

struct Show {
  int screen = 0;
  std::string title;
  bool atmosMix = false;
  bool captioned = false;
};

class ScreenScheduler {
public:
  ScreenScheduler()
      : projectors_("projectors"), racks_("sound-racks"), captions_("caption-feeds") {}
  ~ScreenScheduler();

  LeasePool<Projector> &projectors() { return projectors_; }
  LeasePool<SoundRack> &racks() { return racks_; }

  bool startShow(const Show &show);
  void endShow(std::unique_ptr<Projector> p, std::unique_ptr<SoundRack> r);
  void maintenanceWindow();
  void morning();

private:
  LeasePool<Projector> projectors_;
  LeasePool<SoundRack> racks_;
  LeasePool<CaptionFeed> captions_;
};

bool ScreenScheduler::startShow(const Show &show) {
  if (!projectors_.accepting() || !racks_.accepting()) {
    std::printf("screen %d: equipment pools closed, %s not started\n",
                show.screen, show.title.c_str());
    return false;
  }
  std::unique_ptr<Projector> p = projectors_.acquire(); // OK
  std::unique_ptr<SoundRack> r = show.atmosMix ? racks_.acquire() : nullptr; // OK
  if (!p) {
    racks_.giveBack(std::move(r));
    return false;
  }
  if (show.captioned && captions_.accepting()) {
    std::unique_ptr<CaptionFeed> c = captions_.acquire(); // OK
    if (c)
      std::printf("screen %d: captions %s\n", show.screen, c->language.c_str());
    captions_.giveBack(std::move(c));
  }
  p->lampHours += 2;
  endShow(std::move(p), std::move(r));
  return true;
}

void ScreenScheduler::endShow(std::unique_ptr<Projector> p,
                              std::unique_ptr<SoundRack> r) {
  projectors_.giveBack(std::move(p)); // OK
  racks_.giveBack(std::move(r));
}

void ScreenScheduler::maintenanceWindow() {
  projectors_.shutdown();
  racks_.shutdown();
  captions_.shutdown();
}

ScreenScheduler::~ScreenScheduler() {
  projectors_.shutdown(); // OK
  racks_.shutdown(); // OK
  captions_.shutdown();
}

void ScreenScheduler::morning() {
  projectors_.restart();
  racks_.restart();
  captions_.restart();
  projectors_.add(std::make_unique<Projector>(Projector{"NC-2000-17", 0})); // OK
  std::unique_ptr<SoundRack> test = racks_.acquire(); // OK
  racks_.giveBack(std::move(test));
}

// Theatre lighting: the lighting desk talks to its DMX gateways through
// pooled links.  LinkPool<Link> is a small pool template: acquire() hands out
// a Lease that gives the link back when destroyed; acquire() after
// shutdown() throws std::runtime_error; shutdown() closes every link the
// pool owns, leased ones included, and is idempotent.  DmxLink::sendFrame()
// throws once closed; DmxLink::close() is idempotent.  Defects: blackout()
// keeps sending through its lease after shutting the pool down, and the
// encore cue acquires from a pool that was already shut down.
#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using Frame = std::array<std::uint8_t, 512>;

class DmxLink {
public:
  explicit DmxLink(int universe) : universe_(universe) {}
  void sendFrame(const Frame &frame) {
    if (closed_)
      throw std::runtime_error("dmx link closed, universe " + std::to_string(universe_));
    lastLevel_ = frame[0];
  }
  void close() { closed_ = true; }
  int universe() const { return universe_; }

private:
  int universe_;
  std::uint8_t lastLevel_ = 0;
  bool closed_ = false;
};

template <typename Link>
class LinkPool {
public:
  class Lease {
  public:
    Lease(LinkPool *pool, std::shared_ptr<Link> link)
        : pool_(pool), link_(std::move(link)) {}
    Lease(Lease &&o) noexcept : pool_(o.pool_), link_(std::move(o.link_)) { o.pool_ = nullptr; }
    ~Lease() {
      if (pool_ && link_)
        pool_->giveBack(std::move(link_));
    }
    Link *operator->() const { return link_.get(); }

  private:
    LinkPool *pool_;
    std::shared_ptr<Link> link_;
  };

  template <typename Factory>
  LinkPool(size_t n, Factory make) {
    for (size_t i = 0; i < n; ++i) {
      std::shared_ptr<Link> l = make(i);
      all_.push_back(l);
      idle_.push_back(l);
    }
  }

  Lease acquire() {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_)
      throw std::runtime_error("link pool shut down");
    if (idle_.empty())
      throw std::runtime_error("no idle link");
    std::shared_ptr<Link> l = idle_.back();
    idle_.pop_back();
    return Lease(this, std::move(l));
  }

  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_)
      return;
    shut_ = true;
    for (auto &l : all_)
      l->close();
    idle_.clear();
  }

private:
  void giveBack(std::shared_ptr<Link> l) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!shut_)
      idle_.push_back(std::move(l));
  }

  std::mutex mu_;
  std::vector<std::shared_ptr<Link>> all_, idle_;
  bool shut_ = false;
};

static Frame levels(std::uint8_t v) {
  Frame f{};
  f.fill(v);
  return f;
}

class LightingDesk {
public:
  LightingDesk()
      : pool_(4, [](size_t i) { return std::make_shared<DmxLink>(static_cast<int>(i + 1)); }) {}

  void goCue(int cue, std::uint8_t level) {
    auto lease = pool_.acquire(); // SAME: encore_after
    lease->sendFrame(levels(level));
    std::printf("cue %d on universe %d\n", cue, lease->universe());
  }

  // Fades to black, then powers the gateways down.
  void blackout() {
    auto lease = pool_.acquire();
    for (int step = 4; step >= 1; --step)
      lease->sendFrame(levels(static_cast<std::uint8_t>(step * 40)));
    pool_.shutdown();
    lease->sendFrame(levels(0)); // BUG: use-after-close
  }

  void safeBlackout() {
    {
      auto lease = pool_.acquire();
      for (int step = 4; step >= 0; --step)
        lease->sendFrame(levels(static_cast<std::uint8_t>(step * 40)));
    }
    pool_.shutdown();
  }

  void powerDown() { pool_.shutdown(); }

private:
  LinkPool<DmxLink> pool_;
};

int main() {
  LightingDesk mainStage;
  mainStage.goCue(1, 200);
  mainStage.goCue(2, 120);
  mainStage.safeBlackout();
  mainStage.powerDown(); // OK: shutdown() is idempotent

  LightingDesk studio;
  studio.goCue(11, 180);
  try {
    studio.blackout();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "blackout: %s\n", e.what());
  }
  try {
    studio.goCue(12, 255); // BUG: use-after-close #encore_after
  } catch (const std::exception &e) {
    std::fprintf(stderr, "encore: %s\n", e.what());
  }
  return 0;
}

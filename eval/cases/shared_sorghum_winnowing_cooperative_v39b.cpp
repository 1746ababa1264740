// A farmers' cooperative runs sorghum winnowing machines and weighs the clean
// grain on a networked platform scale. Cooperative owns the current ScaleLink
// in a shared_ptr and swaps in a new link when the scale reboots (the old one
// is closed first). Bugs: the TallyClerk copied the shared_ptr when it was
// created and keeps weighing through the old, closed link after a swap; and a
// deferred receipt callback captured the old link by value before the swap.
// The SackCounter that re-reads coop.scale() and the weak_ptr reader are fine.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class ScaleLink {
 public:
  explicit ScaleLink(int fd) : fd_(fd) {}
  ~ScaleLink() { disconnect(); }
  double weigh() {
    if (fd_ < 0) throw std::runtime_error("scale link disconnected");
    char buf[16] = {0};
    ::write(fd_, "W\n", 2);
    ::read(fd_, buf, sizeof buf - 1);
    return std::stod(buf);
  }
  void disconnect() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  bool alive() const { return fd_ >= 0; }

 private:
  int fd_;
};

class Cooperative {
 public:
  explicit Cooperative(int fd) : scale_(std::make_shared<ScaleLink>(fd)) {}
  std::shared_ptr<ScaleLink> scale() const { return scale_; }
  void swap_scale(int new_fd) {
    scale_->disconnect();
    scale_ = std::make_shared<ScaleLink>(new_fd);
  }
  void defer(std::function<void()> fn) { deferred_.push_back(std::move(fn)); }
  void run_deferred() {
    for (auto& fn : deferred_) {
      try {
        fn();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "deferred task failed: %s\n", e.what());
      }
    }
    deferred_.clear();
  }

 private:
  std::shared_ptr<ScaleLink> scale_;
  std::vector<std::function<void()>> deferred_;
};

class TallyClerk {
 public:
  explicit TallyClerk(const Cooperative& coop) : scale_(coop.scale()) {}
  double weigh_sack() { return scale_->weigh(); }  // SAME: clerk

 private:
  std::shared_ptr<ScaleLink> scale_;
};

class SackCounter {
 public:
  explicit SackCounter(const Cooperative& coop) : coop_(coop) {}
  double weigh_sack() { return coop_.scale()->weigh(); }  // OK: always the current link

 private:
  const Cooperative& coop_;
};

double market_morning(Cooperative& coop, int rebooted_fd) {
  TallyClerk clerk(coop);
  SackCounter counter(coop);
  double total = clerk.weigh_sack();  // OK: before the swap
  coop.swap_scale(rebooted_fd);
  total += counter.weigh_sack();  // OK: re-reads the swapped-in link
  total += coop.scale()->weigh();  // OK: new link
  total += clerk.weigh_sack();  // BUG: use-after-close #clerk
  return total;
}

void receipts(Cooperative& coop, int rebooted_fd, std::vector<double>& out) {
  auto s = coop.scale();
  coop.defer([s, &out] { out.push_back(s->weigh()); });  // BUG: use-after-close
  coop.defer([&coop, &out] { out.push_back(coop.scale()->weigh()); });  // OK: reads the owner at run time
  std::weak_ptr<ScaleLink> weak = coop.scale();
  coop.defer([weak, &out] {
    if (auto l = weak.lock(); l && l->alive()) out.push_back(l->weigh());  // OK: alive() checked after lock()
  });
  coop.swap_scale(rebooted_fd);
  coop.run_deferred();
}

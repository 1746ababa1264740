// Electronic scoring feed for an archery range. Each lane's target face
// reports arrow impacts to a TargetFeed that pushes them to the scoreboard;
// the range officer's cease-fire closes the lane feeds, and the tally of an
// end is posted once all arrows are scored.
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TargetFeed {
public:
  explicit TargetFeed(int lane) : lane_(lane) {}

  void publish(const std::string &event) {
    if (closed_.load(std::memory_order_acquire))
      throw std::runtime_error("target feed closed: lane " + std::to_string(lane_));
    std::lock_guard<std::mutex> lock(mutex_);
    pending_.push_back(event);
    if (pending_.size() >= 6)
      flushLocked();
  }

  void close() {
    if (closed_.exchange(true, std::memory_order_acq_rel))
      return;
    std::lock_guard<std::mutex> lock(mutex_);
    flushLocked();
  }

  bool closed() const { return closed_.load(std::memory_order_acquire); }
  int lane() const { return lane_; }
  std::size_t delivered() const { return delivered_; }

private:
  void flushLocked() {
    delivered_ += pending_.size();
    pending_.clear();
  }

  int lane_;
  std::atomic<bool> closed_{false};
  std::mutex mutex_;
  std::vector<std::string> pending_;
  std::size_t delivered_ = 0;
};

struct Arrow {
  int lane;
  int ring; // 0 = miss, 11 = X
};

static int arrowValue(const Arrow &a) { return a.ring == 11 ? 10 : a.ring; }

void postTotals(TargetFeed &feed, int end, int total, int xs) {
  feed.publish("END " + std::to_string(end) + " total=" + std::to_string(total) + // SAME: totals
               " X=" + std::to_string(xs));
}

class RangeScoring {
public:
  explicit RangeScoring(const std::vector<int> &lanes) {
    for (int lane : lanes)
      feeds_[lane] = std::make_unique<TargetFeed>(lane);
  }

  void impact(const Arrow &a);
  void ceaseFire();
  void scoreEnd(int end, const std::vector<Arrow> &arrows);
  void closeRange();

private:
  std::map<int, std::unique_ptr<TargetFeed>> feeds_;
};

void RangeScoring::impact(const Arrow &a) {
  auto it = feeds_.find(a.lane);
  if (it == feeds_.end() || it->second->closed())
    return;
  it->second->publish("ARROW " + std::to_string(a.ring)); // OK
}

void RangeScoring::ceaseFire() {
  for (auto &entry : feeds_)
    entry.second->close();
}

void RangeScoring::scoreEnd(int end, const std::vector<Arrow> &arrows) {
  std::map<int, std::pair<int, int>> byLane;
  for (const Arrow &a : arrows) {
    auto &t = byLane[a.lane];
    t.first += arrowValue(a);
    if (a.ring == 11)
      ++t.second;
  }
  for (const auto &entry : byLane) {
    auto it = feeds_.find(entry.first);
    if (it == feeds_.end())
      continue;
    postTotals(*it->second, end, entry.second.first, entry.second.second); // BUG: use-after-close #totals
  }
}

void RangeScoring::closeRange() {
  for (auto &entry : feeds_)
    entry.second->close(); // OK
  feeds_.clear();
}

int shootEnd(RangeScoring &range, int end, const std::vector<Arrow> &arrows, bool whistle) {
  for (const Arrow &a : arrows) {
    range.impact(a);
    if (whistle && a.ring == 0)
      range.ceaseFire();
  }
  range.ceaseFire(); // OK
  range.scoreEnd(end, arrows);
  range.closeRange();
  return end + 1;
}

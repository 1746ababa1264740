// Correlator feeds of a radio telescope array. Each antenna arm (east, west)
// streams visibility blocks through a CorrelatorFeed (push() throws once the
// feed is stopped; closed(), good() and state() report on it; good() only
// reports whether the feed has seen no corrupt blocks). Alerts go to the
// operators on an EventChannel. The RFI handler stops one arm's feed and then
// pushes a marker block guarded by the other arm's state; the wind-stow
// handler stops a feed and pushes a marker guarded by good().
#include "messaging.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

enum class FeedState { Idle, Streaming, Stopped };

struct VisBlock {
  std::uint64_t seq = 0;
  std::vector<float> re, im;
  bool corrupt = false;
};

class CorrelatorFeed {
public:
  explicit CorrelatorFeed(std::string arm) : arm_(std::move(arm)) {}

  void start() {
    if (state_ == FeedState::Stopped)
      throw std::runtime_error("feed " + arm_ + " stopped");
    state_ = FeedState::Streaming;
  }

  void push(const VisBlock &b) {
    if (state_ == FeedState::Stopped)
      throw std::runtime_error("feed " + arm_ + " stopped");
    if (b.corrupt)
      ++corrupt_;
    blocks_.push_back(b.seq);
  }

  void stop() { state_ = FeedState::Stopped; }
  bool closed() const { return state_ == FeedState::Stopped; }
  bool good() const { return corrupt_ == 0; }
  FeedState state() const { return state_; }
  const std::string &arm() const { return arm_; }

private:
  std::string arm_;
  FeedState state_ = FeedState::Idle;
  std::vector<std::uint64_t> blocks_;
  int corrupt_ = 0;
};

class ArrayCorrelator {
public:
  ArrayCorrelator(EventChannel &alerts) : alerts_(alerts), east_("east"), west_("west") {}

  void onBlock(CorrelatorFeed &feed, const VisBlock &b) {
    if (feed.state() == FeedState::Streaming)
      feed.push(b); // OK
  }

  void onCorruptBurst(CorrelatorFeed &feed, int count) {
    if (!feed.closed() && count > 8) {
      feed.push(marker(0xBAD)); // OK
      feed.stop();
    }
    if (alerts_.isOpen())
      alerts_.send("corrupt burst on " + feed.arm()); // OK
  }

  void onRfi(std::uint64_t seq) {
    west_.stop();
    if (!east_.closed())
      west_.push(marker(seq)); // BUG: use-after-close
    if (!east_.closed())
      east_.push(marker(seq)); // OK
  }

  void onWindStow(CorrelatorFeed &feed, std::uint64_t seq) {
    feed.stop();
    if (feed.good())
      feed.push(marker(seq)); // BUG: use-after-close
    alerts_.send("wind stow, " + feed.arm() + " feed stopped");
  }

  void replay(CorrelatorFeed &feed, const std::vector<VisBlock> &blocks) {
    for (const VisBlock &b : blocks) {
      if (feed.closed())
        break;
      feed.push(b); // OK
    }
  }

  void endOfScan() {
    for (CorrelatorFeed *f : {&east_, &west_}) {
      if (f->closed())
        continue;
      f->push(marker(~0ull)); // OK
      f->stop();
    }
  }

private:
  static VisBlock marker(std::uint64_t seq) {
    VisBlock b;
    b.seq = seq;
    return b;
  }

  EventChannel &alerts_;
  CorrelatorFeed east_, west_;
};

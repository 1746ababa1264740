// Ring-build coordination on a tunnel boring machine. The segment erector,
// the tailskin grease pump and the guidance reporter all talk to the PLC over
// one RingBuildLink held through std::shared_ptr; the chainage feed goes out
// on an EventChannel whose shared_ptr deleter closes it when the last owner
// lets go.
#include "messaging.h"
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class RingBuildLink {
public:
  explicit RingBuildLink(int fd) : fd_(fd) {}
  ~RingBuildLink() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  void send(const std::string &frame) {
    if (fd_ < 0)
      throw std::runtime_error("ring-build link closed, cannot send " + frame);
    if (::write(fd_, frame.data(), frame.size()) < 0)
      throw std::runtime_error("ring-build link write failed");
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("ring-build link already closed");
    ::close(std::exchange(fd_, -1));
  }
  bool closed() const { return fd_ < 0; }

private:
  int fd_;
};

class SegmentErector {
public:
  explicit SegmentErector(std::shared_ptr<RingBuildLink> plc) : plc_(std::move(plc)) {}
  void placeSegment(int ring, int position) {
    plc_->send("PLACE " + std::to_string(ring) + ":" + std::to_string(position));
  }
  // The erector is the last step of a ring; it closes the PLC session.
  void finishRing(int ring) {
    plc_->send("RING_DONE " + std::to_string(ring));
    plc_->close();
  }

private:
  std::shared_ptr<RingBuildLink> plc_;
};

class TailskinGreaser {
public:
  explicit TailskinGreaser(std::shared_ptr<RingBuildLink> plc) : plc_(std::move(plc)) {}
  void pumpCycle(double litres) {
    plc_->send("GREASE " + std::to_string(litres)); // SAME: greasecycle
  }
  void shutdown() {
    plc_->close(); // SAME: greaserclose
  }

private:
  std::shared_ptr<RingBuildLink> plc_;
};

class GuidanceReporter {
public:
  GuidanceReporter(std::shared_ptr<RingBuildLink> plc, std::shared_ptr<EventChannel> feed)
      : plc_(std::move(plc)), feed_(std::move(feed)) {}
  void reportChainage(double metres) {
    feed_->send("chainage " + std::to_string(metres));
  }
  void shutdown() {
    if (!plc_->closed())
      plc_->close();
  }

private:
  std::shared_ptr<RingBuildLink> plc_;
  std::shared_ptr<EventChannel> feed_;
};

static std::shared_ptr<EventChannel> openChainageFeed() {
  return std::shared_ptr<EventChannel>(new EventChannel, [](EventChannel *c) {
    c->close();
    delete c;
  });
}

void buildRing(int plcFd, int ring, double chainage) {
  auto plc = std::make_shared<RingBuildLink>(plcFd);
  auto feed = openChainageFeed();
  SegmentErector erector(plc);
  TailskinGreaser greaser(plc);
  GuidanceReporter guidance(plc, feed);

  for (int pos = 1; pos <= 6; ++pos)
    erector.placeSegment(ring, pos);
  greaser.pumpCycle(12.5);
  erector.finishRing(ring);
  feed.reset();
  guidance.reportChainage(chainage); // OK
  guidance.shutdown(); // OK
  greaser.pumpCycle(4.0); // BUG: use-after-close #greasecycle
}

void abortRing(int plcFd) {
  auto plc = std::make_shared<RingBuildLink>(plcFd);
  auto feed = openChainageFeed();
  GuidanceReporter guidance(plc, feed);
  TailskinGreaser greaser(plc);
  guidance.shutdown();
  greaser.shutdown(); // BUG: double-close #greaserclose
}

int main() {
  buildRing(7, 418, 2391.6);
  abortRing(8);
  return 0;
}

// Stained-glass studio: commissions (an oculus for a chapel, sash-window
// panels for a terrace) are sent to the glazing workshop on an EventChannel
// and mirrored to the studio's log files (FILE*). CommissionOutbox batches
// orders in pending_, keeps what was sent in backlog_ for a resend, and shuts
// down by flushing, closing the channel and the mirrors, and clearing all
// three containers in the same step. Negative case: the containers are only
// non-empty while the channel and the mirrors are open, so every send or
// write that is guarded by a non-empty container runs on an open handle, and
// a second shutDown() returns before closing anything.
#include "messaging.h"

#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace studio {

static void replayOrders(EventChannel &channel, const std::vector<std::string> &orders) {
  for (const std::string &o : orders)
    channel.send("replay:" + o);
}

class CommissionOutbox {
public:
  explicit CommissionOutbox(std::vector<FILE *> mirrors) : mirrors_(std::move(mirrors)) {}

  void enqueue(const std::string &order) {
    if (shut_)
      throw std::logic_error("commission outbox is shut down");
    pending_.push_back(order);
    if (pending_.size() >= kBatch)
      flushPending();
  }

  void flushPending() {
    if (pending_.empty())
      return;
    for (const std::string &o : pending_)
      channel_.send(o);
    backlog_.insert(backlog_.end(), pending_.begin(), pending_.end());
    pending_.clear();
  }

  void mirror(const std::string &line) {
    if (mirrors_.size() == 0)
      return;
    for (FILE *f : mirrors_)
      std::fprintf(f, "%s\n", line.c_str());
  }

  void resendBacklog() {
    if (backlog_.empty())
      return;
    replayOrders(channel_, backlog_);
    backlog_.clear();
  }

  void shutDown() {
    if (shut_)
      return;
    flushPending();
    channel_.close();
    pending_.clear();
    backlog_.clear();
    for (FILE *f : mirrors_)
      std::fclose(f);
    mirrors_.clear();
    shut_ = true;
  }

private:
  static constexpr std::size_t kBatch = 16;
  EventChannel channel_;
  std::vector<std::string> pending_;
  std::vector<std::string> backlog_;
  std::vector<FILE *> mirrors_;
  bool shut_ = false;
};

void endOfDay(CommissionOutbox &outbox) {
  outbox.enqueue("oculus, St Brigid's chapel, 900 mm");
  outbox.enqueue("sash panels x6, Regent Terrace");
  outbox.mirror("two commissions queued");
  outbox.shutDown();
  outbox.mirror("day closed"); // OK
  outbox.flushPending(); // OK
  outbox.resendBacklog(); // OK
  outbox.shutDown(); // OK
}

} // namespace studio

// Bark-mix monitoring for an orchid nursery: each greenhouse bay has a mix
// reporter that publishes the moisture and decomposition grade of its bark
// mulch batches on an event channel shared by all bays of the same house.
// Reporters own the channel through std::shared_ptr; a bay can be retired
// when its benches are cleared. An alert relay holds only a std::weak_ptr;
// an hourly summary callback keeps its own copy of the channel.
#include "messaging.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace barkmix {

struct MixBatch {
  std::string bay;
  double moisture_pct = 0.0;
  int decomposition_grade = 0; // 0 fresh .. 4 sour, needs repotting
};

static std::string encode(const MixBatch &b) {
  return b.bay + " moisture=" + std::to_string(b.moisture_pct) +
         " grade=" + std::to_string(b.decomposition_grade);
}

class MixReporter {
public:
  MixReporter(std::string bay, std::shared_ptr<EventChannel> chan)
      : bay_(std::move(bay)), chan_(std::move(chan)) {}

  void report(const MixBatch &b) {
    if (!chan_)
      return;
    chan_->send(encode(b)); // SAME: bay
  }

  // Benches cleared: stop reporting and close the house channel.
  void retire() {
    if (!chan_)
      return;
    chan_->send(bay_ + " retired");
    chan_->close();
    chan_.reset();
  }

  // Benches cleared: stop reporting, leave the channel to the other bays.
  void detach() {
    if (chan_)
      chan_->send(bay_ + " detached"); // OK: still owned and open
    chan_.reset();
  }

private:
  std::string bay_;
  std::shared_ptr<EventChannel> chan_;
};

// The last owner closes the channel (unless a retiring bay already did).
static std::shared_ptr<EventChannel> make_house_channel() {
  return std::shared_ptr<EventChannel>(new EventChannel, [](EventChannel *c) {
    if (c->isOpen())
      c->close(); // OK: skipped when a bay already closed it
    delete c;
  });
}

class AlertRelay {
public:
  explicit AlertRelay(const std::shared_ptr<EventChannel> &chan) : chan_(chan) {}
  void sour_batch(const MixBatch &b) {
    if (auto chan = chan_.lock(); chan && chan->isOpen())
      chan->send("REPOT " + encode(b)); // OK: locked and checked isOpen()
  }

private:
  std::weak_ptr<EventChannel> chan_;
};

// Hourly moisture summary, scheduled with its own copy of the channel.
static std::function<void()> hourly_summary(std::shared_ptr<EventChannel> chan,
                                            std::string house) {
  return [chan, house] { chan->send(house + " hourly summary"); }; // SAME: hourly
}

void house_round(const std::vector<MixBatch> &west, const std::vector<MixBatch> &east) {
  auto chan = make_house_channel();
  MixReporter west_bay("west", chan);
  MixReporter east_bay("east", chan);
  AlertRelay relay(chan);
  auto summary = hourly_summary(chan, "house-2");
  chan.reset();

  for (const MixBatch &b : west)
    west_bay.report(b);
  west_bay.retire();
  for (const MixBatch &b : east) {
    east_bay.report(b); // BUG: use-after-close #bay
    if (b.decomposition_grade >= 3)
      relay.sour_batch(b);
  }
  summary(); // BUG: use-after-close #hourly
}

void house_round_detached(const std::vector<MixBatch> &west, const std::vector<MixBatch> &east) {
  auto chan = make_house_channel();
  MixReporter west_bay("west", chan);
  MixReporter east_bay("east", chan);
  AlertRelay relay(chan);
  auto summary = hourly_summary(chan, "house-2");
  chan.reset();

  for (const MixBatch &b : west)
    west_bay.report(b);
  west_bay.detach();
  for (const MixBatch &b : east) {
    east_bay.report(b); // OK: east still owns the open channel
    if (b.decomposition_grade >= 3)
      relay.sour_batch(b);
  }
  summary(); // OK: nobody closed the channel
}

} // namespace barkmix

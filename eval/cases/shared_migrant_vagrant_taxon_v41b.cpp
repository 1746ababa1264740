// Migrant-moth alert service. The county recorder's MigrantWatch owns the
// alert EventChannel through a shared_ptr; each VagrantAlerter (one per trap
// site) keeps a copy of that shared_ptr, and late listeners registered for a
// taxon capture a copy in their lambda. The pager bridge holds only a
// weak_ptr. end_of_watch() closes the channel; a new watch reassigns
// `alerts` to a fresh channel.
// Mistakes: after end_of_watch() closed the channel, night_of_migrants() pages
// through PagerBridge::page(), which treats a successful weak_ptr::lock() as
// "still open" although the alerter's copy keeps the closed channel alive, and
// dispatches a late report to listeners whose lambdas still hold the channel.
#include "messaging.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

class VagrantAlerter {
public:
  explicit VagrantAlerter(std::shared_ptr<EventChannel> channel) : channel_(std::move(channel)) {}
  void on_sighting(const std::string &taxon) {
    if (channel_->isOpen())
      channel_->send("vagrant:" + taxon); // OK: guarded by isOpen()
  }

private:
  std::shared_ptr<EventChannel> channel_;
};

class PagerBridge {
public:
  explicit PagerBridge(const std::shared_ptr<EventChannel> &channel) : channel_(channel) {}
  void page(const std::string &taxon) {
    if (auto ch = channel_.lock())
      ch->send("page:" + taxon); // SAME: pager
  }
  void page_checked(const std::string &taxon) {
    if (auto ch = channel_.lock(); ch && ch->isOpen())
      ch->send("page:" + taxon); // OK: lock() and isOpen() both checked
  }

private:
  std::weak_ptr<EventChannel> channel_;
};

class MigrantWatch {
public:
  std::shared_ptr<EventChannel> alerts = std::make_shared<EventChannel>();

  void listen_for(const std::string &taxon) {
    listeners_[taxon].push_back([ch = alerts, taxon](int count) {
      ch->send(taxon + " x" + std::to_string(count)); // SAME: late
    });
  }
  void dispatch_late(const std::string &taxon, int count) {
    auto it = listeners_.find(taxon);
    if (it == listeners_.end())
      return;
    for (auto &listener : it->second)
      listener(count);
  }
  void end_of_watch() { alerts->close(); }
  void new_watch() {
    listeners_.clear();
    alerts = std::make_shared<EventChannel>();
    alerts->send("watch-open"); // OK: reassigned to a fresh channel
  }

private:
  std::map<std::string, std::vector<std::function<void(int)>>> listeners_;
};

void night_of_migrants(MigrantWatch &watch, const std::vector<std::string> &sightings) {
  VagrantAlerter dungeness(watch.alerts);
  PagerBridge pager(watch.alerts);
  watch.listen_for("Spodoptera exigua");
  for (const std::string &taxon : sightings) {
    dungeness.on_sighting(taxon);
    watch.dispatch_late(taxon, 1); // OK: the channel is open during the night
  }
  watch.end_of_watch();
  dungeness.on_sighting("Agrius convolvuli");
  pager.page_checked("Agrius convolvuli");
  pager.page("Agrius convolvuli"); // BUG: use-after-close #pager
  watch.dispatch_late("Spodoptera exigua", 3); // BUG: use-after-close #late
  watch.new_watch();
  pager.page_checked("Mythimna unipuncta"); // OK: page_checked() sees the old channel closed
}

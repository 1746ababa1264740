// Tapestry workshop: a computerised jacquard loom receives weft rows over a
// CardFeed, and dye-lot records go to a DyeJournal. The feed drops when the
// loom's controller reboots; every reconnect path replaces the closed object
// before it is used again: make_unique reassignment in the retry loop, an
// optional reset() then emplace(), move assignment from a factory, a
// shared_ptr reset to a fresh feed, and std::swap with a warm spare. No
// closed feed or journal is used and none is closed twice.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class CardFeed {
 public:
  explicit CardFeed(int loom) : loom_(loom) {}

  static CardFeed dial(int loom) { return CardFeed(loom); }

  bool send_row(const std::vector<int>& lifts) {
    if (!connected_) throw std::runtime_error("card feed disconnected, loom " + std::to_string(loom_));
    rows_ += lifts.empty() ? 0 : 1;
    return rows_ % 97 != 0;  // the controller reboots now and then
  }
  void disconnect() {
    if (!connected_) throw std::runtime_error("card feed disconnected twice, loom " + std::to_string(loom_));
    connected_ = false;
  }
  bool connected() const { return connected_; }

 private:
  int loom_;
  int rows_ = 0;
  bool connected_ = true;
};

class DyeJournal {
 public:
  explicit DyeJournal(std::string lot) : lot_(std::move(lot)) {}
  void record(const std::string& line) {
    if (finished_) throw std::runtime_error("dye journal finished: " + lot_);
    lines_.push_back(line);
  }
  void finish() {
    if (finished_) throw std::runtime_error("dye journal finished twice: " + lot_);
    finished_ = true;
  }

 private:
  std::string lot_;
  std::vector<std::string> lines_;
  bool finished_ = false;
};

int weave(std::unique_ptr<CardFeed>& feed, const std::vector<std::vector<int>>& rows, int loom) {
  int redials = 0;
  for (const auto& row : rows) {
    if (!feed->send_row(row)) {  // OK: the feed is replaced after every disconnect
      feed->disconnect();
      feed = std::make_unique<CardFeed>(loom);
      ++redials;
      feed->send_row(row);  // OK: the freshly dialled feed
    }
  }
  return redials;
}

void change_dye_lot(std::optional<DyeJournal>& journal, const std::string& next_lot) {
  if (journal) {
    journal->finish();
    journal.reset();
  }
  journal.emplace(next_lot);
  journal->record("mordant: alum");  // OK: emplaced after the old journal was finished
}

void controller_reboot(CardFeed& feed, int loom) {
  feed.disconnect();
  feed = CardFeed::dial(loom);
  feed.send_row({1, 0, 1, 1});  // OK: move-assigned a fresh feed
}

void shared_feed_rotation(std::shared_ptr<CardFeed>& feed, int loom) {
  feed->disconnect();
  feed = std::make_shared<CardFeed>(loom);  // this owner was the only one
  feed->send_row({0, 1});  // OK: a fresh feed
}

void hot_swap(CardFeed& live, CardFeed& warm_spare) {
  live.disconnect();
  std::swap(live, warm_spare);
  live.send_row({1, 1, 0});  // OK: `live` now holds the spare, which is connected
  if (warm_spare.connected()) warm_spare.send_row({0});  // OK: guarded, the closed one is skipped
}

void workshop_day(const std::vector<std::vector<int>>& cartoon) {
  auto feed = std::make_unique<CardFeed>(1);
  weave(feed, cartoon, 1);
  feed->send_row({1});  // OK: weave() leaves a connected feed in place

  std::optional<DyeJournal> journal;
  change_dye_lot(journal, "madder-14");
  change_dye_lot(journal, "weld-3");

  CardFeed loom2(2);
  controller_reboot(loom2, 2);
  auto shared = std::make_shared<CardFeed>(3);
  shared_feed_rotation(shared, 3);
  CardFeed spare(4);
  hot_swap(loom2, spare);
}

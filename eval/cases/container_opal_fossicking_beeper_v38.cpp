// Base camp of an opal fossicking field. Every fossicker signed in carries a beeper whose
// BeeperLink is kept in an unordered_map by name, next to the camp's own "base" link.
// sign_out closes the leaver's link and then sends the farewell through notify(), which
// looks the same key up again; dust_storm closes every link and then writes the storm log
// on the base link by key. Paging the base after a single sign-out, paging a fresh link
// installed under the same key, and a broadcast that skips closed links are correct.
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

class BeeperLink {
 public:
  explicit BeeperLink(std::string id) : id_(std::move(id)) {}
  void page(const std::string& msg) {
    if (closed_) throw std::runtime_error("beeper link " + id_ + " closed");
    outbox_.push_back(msg);
  }
  void close() {
    if (closed_) throw std::runtime_error("beeper link " + id_ + " closed twice");
    closed_ = true;
  }
  bool is_closed() const { return closed_; }

 private:
  std::string id_;
  bool closed_ = false;
  std::vector<std::string> outbox_;
};

class FieldCamp {
 public:
  static constexpr const char* kBase = "base";

  FieldCamp() { beepers_.emplace(kBase, BeeperLink(kBase)); }

  void sign_in(const std::string& who) {
    if (who == kBase || beepers_.count(who)) return;
    beepers_.emplace(who, BeeperLink(who));
  }

  void sign_out(const std::string& who) {
    auto it = beepers_.find(who);
    if (who == kBase || it == beepers_.end()) return;
    it->second.close();
    beepers_.at(kBase).page(who + " signed out");  // OK: who is never the base key
    notify(who, "drive safe on the track");  // BUG: use-after-close #farewell
    beepers_.erase(who);
  }

  void sign_out_and_forget(const std::string& who) {
    auto it = beepers_.find(who);
    if (who == kBase || it == beepers_.end()) return;
    it->second.close();
    beepers_.erase(it);
    notify(kBase, who + " left the field");  // OK: a different, open key
  }

  void swap_battery(const std::string& who) {
    auto it = beepers_.find(who);
    if (it == beepers_.end()) return;
    it->second.close();
    beepers_.erase(it);
    beepers_.emplace(who, BeeperLink(who));
    beepers_.at(who).page("battery swapped");  // OK: a fresh link under the same key
  }

  void broadcast(const std::string& msg) {
    for (auto& entry : beepers_) {
      if (entry.second.is_closed()) continue;
      entry.second.page(msg);  // OK: closed links skipped
    }
  }

  void dust_storm() {
    for (auto& entry : beepers_) {
      if (!entry.second.is_closed()) entry.second.close();  // OK: each link closed once
    }
    broadcast("storm warning lifted");  // OK: broadcast skips closed links
    beepers_.at(kBase).page("storm log: all beepers down");  // BUG: use-after-close
    beepers_.clear();
    beepers_.emplace(kBase, BeeperLink(kBase));
  }

  void end_of_season() {
    std::vector<std::string> names;
    for (auto& entry : beepers_) names.push_back(entry.first);
    for (const auto& n : names) {
      auto& link = beepers_.at(n);
      link.page("season over");  // OK: paged before it is closed in the same iteration
      link.close();
    }
    beepers_.clear();
    beepers_.emplace(kBase, BeeperLink(kBase));
    beepers_.at(kBase).page("camp reset");  // OK: rebuilt after clear()
  }

 private:
  void notify(const std::string& who, const std::string& msg) {
    beepers_.at(who).page(msg);  // SAME: farewell
  }

  std::unordered_map<std::string, BeeperLink> beepers_;
};

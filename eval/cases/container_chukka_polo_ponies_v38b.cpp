// Pony-line tracker for a polo club: each pony wears a GPS/heart-rate tag
// with its own radio session, keyed by the pony's name. Between chukkas the
// grooms rest ponies whose heart rate is too high (their tag sessions are
// closed) and the umpire's tablet asks the string's lead pony for a last
// reading. rest_tired() closes tags in a loop and then pings the captain's
// pony by key even when it was one of them; end_match() takes a reference to
// the star pony, closes every tag through close_all() and then reads it.
// Erasing after close, alive() checks and retagging by key are correct.
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

class PonyTag {
 public:
  explicit PonyTag(std::string pony) : pony_(std::move(pony)) {}
  int ping() {
    if (!alive_) throw std::runtime_error("tag session closed for " + pony_);
    return heart_rate_;
  }
  void record(int bpm) {
    if (!alive_) throw std::runtime_error("tag session closed for " + pony_);
    heart_rate_ = bpm;
  }
  void release() { alive_ = false; }
  bool alive() const { return alive_; }

 private:
  std::string pony_;
  bool alive_ = true;
  int heart_rate_ = 60;
};

using TagMap = std::unordered_map<std::string, std::unique_ptr<PonyTag>>;

static void close_all(TagMap& tags) {
  for (auto& [name, tag] : tags) tag->release();
}

int rest_tired(TagMap& tags, const std::string& captain, int max_bpm) {
  for (auto& [name, tag] : tags) {
    if (tag->ping() > max_bpm) tag->release();  // OK: each tag is pinged before it may be released
  }
  auto it = tags.find(captain);
  if (it == tags.end()) return -1;
  return it->second->ping();  // BUG: use-after-close
}

void retire_lame(TagMap& tags, const std::vector<std::string>& lame) {
  for (const auto& name : lame) {
    auto it = tags.find(name);
    if (it == tags.end()) continue;
    it->second->release();
    tags.erase(it);
  }
  for (auto& [name, tag] : tags) tag->record(0);  // OK: released tags were erased before the loop
}

int between_chukkas(TagMap& tags) {
  int total = 0;
  for (auto& [name, tag] : tags) {
    if (!tag->alive()) continue;
    total += tag->ping();  // OK: closed tags are skipped
  }
  return total;
}

void retag(TagMap& tags, const std::string& pony) {
  auto& slot = tags[pony];
  if (slot) slot->release();
  slot = std::make_unique<PonyTag>(pony);
  slot->record(72);  // OK: the slot now holds a new tag
}

int end_match(TagMap& tags, const std::string& star) {
  auto it = tags.find(star);
  if (it == tags.end()) return -1;
  PonyTag& best = *it->second;
  close_all(tags);
  return best.ping();  // BUG: use-after-close
}

void match_day() {
  TagMap tags;
  for (const char* p : {"Lucero", "Pampa", "Tormenta", "Bruma"}) tags.emplace(p, std::make_unique<PonyTag>(p));
  retag(tags, "Bruma");
  between_chukkas(tags);
  retire_lame(tags, {"Pampa"});
  end_match(tags, "Lucero");
}

// Kilim weaving workshop: every flatweave loom's shuttle controller is reached
// through a ShuttleLink. The WeavingFloor keeps the links in a map by loom name
// (retire() closes a link but leaves it in the map, retire_and_erase() also
// removes it); the night shift keeps a vector of links.
// Three mistakes: change_pattern() retires a loom and then broadcasts to every
// link in the map, including the retired one; reassign_rows() keeps a reference
// to a map element and sends through it after retiring it by key; end_shift()
// closes all shuttles in a loop and then sends the tally to the first one.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ShuttleLink {
public:
  explicit ShuttleLink(std::string loom) : loom_(std::move(loom)) {}
  void send(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("shuttle link closed: " + loom_);
    sent_.push_back(cmd);
  }
  void close() { closed_ = true; }
  bool is_closed() const { return closed_; }
  const std::string &loom() const { return loom_; }

private:
  std::string loom_;
  bool closed_ = false;
  std::vector<std::string> sent_;
};

class WeavingFloor {
public:
  void add(const std::string &loom) { links_.emplace(loom, ShuttleLink(loom)); }
  ShuttleLink &at(const std::string &loom) { return links_.at(loom); }
  void retire(const std::string &loom) {
    auto it = links_.find(loom);
    if (it != links_.end())
      it->second.close();
  }
  void retire_and_erase(const std::string &loom) {
    auto it = links_.find(loom);
    if (it == links_.end())
      return;
    it->second.close();
    links_.erase(it);
  }
  void broadcast(const std::string &pattern) {
    for (auto &kv : links_)
      kv.second.send("PATTERN " + pattern); // SAME: bcast
  }
  void broadcast_live(const std::string &pattern) {
    for (auto &kv : links_)
      if (!kv.second.is_closed())
        kv.second.send("PATTERN " + pattern); // OK: skips closed links
  }

private:
  std::map<std::string, ShuttleLink> links_;
};

static void stock(WeavingFloor &f) {
  for (const char *loom : {"east-1", "north-2", "west-3", "south-4"})
    f.add(loom);
}

void change_pattern(WeavingFloor &f) {
  f.retire("west-3");
  f.broadcast("gul medallion"); // BUG: use-after-close #bcast
}

void change_pattern_live(WeavingFloor &f) {
  f.retire("west-3");
  f.broadcast_live("elibelinde");
  f.at("east-1").send("ROWS 1-40"); // OK: a different key than the retired one
}

void change_pattern_erased(WeavingFloor &f) {
  f.retire_and_erase("east-1");
  f.broadcast("boteh"); // OK: the closed link was erased from the map
}

void reassign_rows(WeavingFloor &f) {
  ShuttleLink &north = f.at("north-2");
  f.retire("north-2");
  north.send("ROWS 40-80"); // BUG: use-after-close
}

void end_shift(std::vector<ShuttleLink> &shuttles) {
  for (auto &s : shuttles)
    s.close();
  shuttles.front().send("TALLY"); // BUG: use-after-close
}

void end_shift_tally_first(std::vector<ShuttleLink> &shuttles) {
  for (auto &s : shuttles)
    s.send("TALLY"); // OK: before the closing loop
  for (auto &s : shuttles)
    s.close();
  shuttles.clear();
  shuttles.emplace_back("spare-1");
  shuttles.front().send("WARP CHECK"); // OK: a fresh element after clear()
}

void rest_one(std::vector<ShuttleLink> &shuttles) {
  ShuttleLink &lead = shuttles[0];
  shuttles[1].close();
  lead.send("TAKE OVER ROW FROM " + shuttles[1].loom()); // OK: a different element
}

void workshop_day() {
  WeavingFloor a, b, c, d;
  stock(a);
  stock(b);
  stock(c);
  stock(d);
  change_pattern_live(a);
  change_pattern_erased(b);
  reassign_rows(c);
  change_pattern(d);
  std::vector<ShuttleLink> night{ShuttleLink("n1"), ShuttleLink("n2"), ShuttleLink("n3")};
  rest_one(night);
  std::vector<ShuttleLink> late{ShuttleLink("l1"), ShuttleLink("l2")};
  end_shift_tally_first(late);
  end_shift(night);
}

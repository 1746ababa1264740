// Falconry centre: every bird wears a GPS tracker on its jess, reached through a
// TrackerLink. The Falconer keeps the links by bird name and closes a bird's link
// when it is hooded for the day; FlightLog objects and position callbacks keep
// their own shared_ptr copies of a link.
// Two mistakes: end_of_session() hoods the saker (closing its link) and then the
// flight log, which still holds a copy of that link, marks the weathering;
// the position callback for the lanner captured a shared_ptr copy and is fired
// by the late GPS fix after the lanner was hooded.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TrackerLink {
public:
  explicit TrackerLink(std::string bird) : bird_(std::move(bird)) {}
  void ping(const std::string &msg) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("tracker link closed: " + bird_);
    sent_.push_back(msg);
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
  }
  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

private:
  mutable std::mutex mu_;
  std::string bird_;
  bool closed_ = false;
  std::vector<std::string> sent_;
};

class FlightLog {
public:
  explicit FlightLog(std::shared_ptr<TrackerLink> link) : link_(std::move(link)) {}
  void mark(const std::string &event) { link_->ping("LOG " + event); } // SAME: weathering

private:
  std::shared_ptr<TrackerLink> link_;
};

class Falconer {
public:
  std::shared_ptr<TrackerLink> fit(const std::string &bird) {
    auto link = std::make_shared<TrackerLink>(bird);
    links_[bird] = link;
    return link;
  }
  std::shared_ptr<TrackerLink> link(const std::string &bird) const {
    auto it = links_.find(bird);
    return it == links_.end() ? nullptr : it->second;
  }
  void hood(const std::string &bird) {
    auto it = links_.find(bird);
    if (it == links_.end())
      return;
    it->second->close();
    links_.erase(it);
  }

private:
  std::map<std::string, std::shared_ptr<TrackerLink>> links_;
};

using FixCallback = std::function<void(double, double)>;

static FixCallback make_fix_callback(std::shared_ptr<TrackerLink> link) {
  return [link](double lat, double lon) { link->ping("FIX " + std::to_string(lat) + "," + std::to_string(lon)); }; // SAME: fix
}

void end_of_session(Falconer &f) {
  FlightLog log(f.link("saker"));
  log.mark("first flight");
  f.hood("saker");
  log.mark("weathering"); // BUG: use-after-close #weathering
}

void late_fix(Falconer &f) {
  FixCallback on_fix = make_fix_callback(f.link("lanner"));
  on_fix(51.20, -1.31);
  f.hood("lanner");
  on_fix(51.21, -1.30); // BUG: use-after-close #fix
}

void beacon_round(Falconer &f) {
  std::weak_ptr<TrackerLink> weak = f.link("harris");
  auto beacon = [weak] {
    if (auto l = weak.lock()) {
      if (!l->closed())
        l->ping("BEACON"); // OK: closed() checked first
    }
  };
  beacon();
  f.hood("harris");
  beacon();
}

void refit_merlin(Falconer &f) {
  auto link = f.link("merlin");
  f.hood("merlin");
  link = f.fit("merlin");
  link->ping("TEST"); // OK: a new tracker was fitted
  FlightLog log(f.link("kestrel"));
  f.hood("merlin");
  log.mark("kestrel still flying"); // OK: the kestrel's link, not the merlin's
}

void day_at_centre() {
  Falconer f;
  for (const char *bird : {"saker", "lanner", "harris", "merlin", "kestrel"})
    f.fit(bird);
  beacon_round(f);
  refit_merlin(f);
  end_of_session(f);
  late_fix(f);
}

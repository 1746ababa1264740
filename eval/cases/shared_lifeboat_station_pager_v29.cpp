// Lifeboat station: on a shout the coastguard link pages the crew, the launch log and
// the station's tide timer report over the same shared link (tide height every few
// minutes while the boat is out). When the boat is recovered the station stands down
// and closes the link; the next shout opens a fresh one.
#include "netconn.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using Link = std::shared_ptr<net::Connection>;

class TideTimer {
public:
  void every(std::function<void(double)> cb) { callbacks_.push_back(std::move(cb)); }
  void tick(double height_m) {
    for (auto &cb : callbacks_)
      cb(height_m);
  }
  void clear() { callbacks_.clear(); }

private:
  std::vector<std::function<void(double)>> callbacks_;
};

class LaunchLog {
public:
  explicit LaunchLog(Link link) : link_(std::move(link)) {}
  void launched(const std::string &boat, int crew) {
    link_->send("LAUNCH " + boat + " crew=" + std::to_string(crew));
  }
  void recovered(const std::string &boat) {
    if (link_->isClosed())
      return;
    link_->send("RECOVERED " + boat); // OK
  }

private:
  Link link_;
};

class CrewPager {
public:
  explicit CrewPager(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  Link openShout();
  void page(const std::vector<std::string> &crew, const std::string &incident);
  void standDown();
  Link link() const { return link_; }

private:
  std::string endpoint_;
  Link link_;
};

Link CrewPager::openShout() {
  if (!link_ || link_->isClosed())
    link_ = std::make_shared<net::Connection>(endpoint_);
  return link_;
}

void CrewPager::page(const std::vector<std::string> &crew, const std::string &incident) {
  for (const std::string &member : crew)
    link_->send("PAGE " + member + " " + incident); // OK
  link_->flush();
}

void CrewPager::standDown() {
  if (!link_ || link_->isClosed())
    return;
  link_->send("STAND DOWN");
  link_->close();
}

void run_shout(CrewPager &pager, TideTimer &tides, const std::vector<std::string> &crew,
               const std::string &incident, const std::vector<double> &heights) {
  Link link = pager.openShout();
  pager.page(crew, incident);
  LaunchLog log(link);
  log.launched("D-class", static_cast<int>(crew.size()));

  tides.every([link](double h) {
    link->send("TIDE " + std::to_string(h)); // SAME: tide_cb
  });
  std::weak_ptr<net::Connection> weak = link;
  tides.every([weak](double h) {
    if (auto l = weak.lock())
      if (!l->isClosed() && h < 0.5)
        l->send("LOW WATER AT SLIPWAY"); // OK
  });

  for (double h : heights)
    tides.tick(h);

  pager.standDown();
  log.recovered("D-class"); // OK
  tides.tick(heights.empty() ? 0.0 : heights.back()); // BUG: use-after-close #tide_cb
  tides.clear();
}

void exercise_night(CrewPager &pager, const std::vector<std::string> &crew) {
  pager.standDown(); // OK
  Link fresh = pager.openShout();
  fresh->send("EXERCISE"); // OK
  pager.page(crew, "exercise");
  pager.standDown();
}

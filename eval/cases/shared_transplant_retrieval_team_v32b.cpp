// Organ transplant logistics: each donor organ in transit has a CourierFeed
// that the coordination desk, the theatre dashboard and the cold-box alarm
// timer all post to. The transport case owns the feed through a shared_ptr,
// the dashboard keeps its own copy, and the timer holds callbacks: one holds
// a shared_ptr copy, the other a weak_ptr that it checks. handOver() closes
// the feed when the organ reaches theatre; when a flight leg is cancelled
// the case closes the feed and starts a fresh one for the new courier.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace transplant {

class CourierFeed {
public:
  explicit CourierFeed(std::string caseId) : caseId_(std::move(caseId)) {}
  void post(const std::string &update) {
    if (closed_)
      throw std::runtime_error("courier feed closed: " + caseId_);
    updates_.push_back(update);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::string caseId_;
  std::vector<std::string> updates_;
  bool closed_ = false;
};

class ColdBoxTimer {
public:
  void onExpiry(std::function<void()> cb) { pending_.push_back(std::move(cb)); }
  void fire() {
    for (auto &cb : pending_)
      cb();
    pending_.clear();
  }

private:
  std::vector<std::function<void()>> pending_;
};

class TransportCase {
public:
  explicit TransportCase(std::string id) : id_(std::move(id)) {}

  void dispatch(ColdBoxTimer &timer) {
    feed_ = std::make_shared<CourierFeed>(id_);
    dashboardFeed_ = feed_;
    std::shared_ptr<CourierFeed> feed = feed_;
    timer.onExpiry([feed] { feed->post("cold box temperature check overdue"); }); // SAME: overdue
    std::weak_ptr<CourierFeed> weak = feed_;
    timer.onExpiry([weak] {
      if (auto f = weak.lock(); f && !f->isClosed())
        f->post("ETA recalculated"); // OK: checked after lock
    });
  }

  void handOver() {
    feed_->post("organ received in theatre");
    feed_->close();
  }

  void cancelLeg(const std::string &newCourier) {
    feed_->post("flight leg cancelled");
    feed_->close();
    feed_ = std::make_shared<CourierFeed>(id_ + "/" + newCourier);
    feed_->post("reassigned to " + newCourier); // OK: fresh feed
  }

  void refreshDashboard(const std::string &eta) {
    dashboardFeed_->post("dashboard ETA " + eta); // SAME: stale_dashboard
  }

  void note(const std::string &text) {
    if (!feed_->isClosed())
      feed_->post(text); // OK
  }

private:
  std::string id_;
  std::shared_ptr<CourierFeed> feed_;
  std::shared_ptr<CourierFeed> dashboardFeed_;
};

void arrival(TransportCase &c, ColdBoxTimer &timer) {
  c.handOver();
  c.note("theatre team notified"); // OK: note() checks the feed
  timer.fire(); // BUG: use-after-close #overdue
}

void weatherDiversion(TransportCase &c, const std::string &courier) {
  c.cancelLeg(courier);
  c.note("driving via ring road"); // OK: posts to the new feed
  c.refreshDashboard("02:40"); // BUG: use-after-close #stale_dashboard
}

} // namespace transplant

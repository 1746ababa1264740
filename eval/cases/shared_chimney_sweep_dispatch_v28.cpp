// Chimney-sweep dispatch: a job bus fans new sweep jobs out to the crews'
// links; each crew link subscribes with a callback that holds only a weak_ptr
// to its connection, unsubscribes before it closes the connection, and redials
// by creating a fresh connection. Negative case: callbacks lock the weak_ptr
// and check isClosed() before sending, the link always sends on its current
// connection, and a callback never runs after its crew link detached because
// the bus drops the subscription before the close. The destructor's detach()
// after endShift() closes the connection again, which net::Connection allows.
#include "netconn.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct SweepJob {
  int id;
  std::string address;
  std::string flueType; // "open fire", "wood burner", "range"
  int district;
};

class JobBus {
public:
  using Handler = std::function<void(const SweepJob &)>;

  int subscribe(Handler h) {
    int id = next_++;
    handlers_.emplace(id, std::move(h));
    return id;
  }
  void unsubscribe(int id) { handlers_.erase(id); }
  void publish(const SweepJob &job) {
    std::vector<Handler> snapshot;
    for (const auto &entry : handlers_)
      snapshot.push_back(entry.second);
    for (const Handler &h : snapshot)
      h(job);
  }

private:
  std::map<int, Handler> handlers_;
  int next_ = 1;
};

class CrewLink {
public:
  CrewLink(std::string crew, std::string endpoint, int district, JobBus &bus)
      : crew_(std::move(crew)), endpoint_(std::move(endpoint)), district_(district),
        bus_(bus), conn_(std::make_shared<net::Connection>(endpoint_)) {
    attach();
  }
  ~CrewLink() { detach(); }

  void notifyCrew(const std::string &msg) { conn_->send(crew_ + ": " + msg); }
  void redial();
  void endShift();

private:
  void attach();
  void detach();

  std::string crew_;
  std::string endpoint_;
  int district_;
  JobBus &bus_;
  std::shared_ptr<net::Connection> conn_;
  int subscription_ = 0;
};

void CrewLink::attach() {
  std::weak_ptr<net::Connection> weak = conn_;
  int district = district_;
  subscription_ = bus_.subscribe([weak, district](const SweepJob &job) {
    if (job.district != district)
      return;
    std::shared_ptr<net::Connection> c = weak.lock();
    if (!c || c->isClosed())
      return;
    c->send("JOB " + std::to_string(job.id) + " " + job.address + " (" + // OK
            job.flueType + ")");
    c->flush(); // OK
  });
}

void CrewLink::detach() {
  if (subscription_ != 0) {
    bus_.unsubscribe(subscription_);
    subscription_ = 0;
  }
  conn_->close(); // OK
}

void CrewLink::redial() {
  detach();
  conn_ = std::make_shared<net::Connection>(endpoint_);
  attach();
  conn_->send(crew_ + ": back online"); // OK
}

void CrewLink::endShift() {
  conn_->send(crew_ + ": end of shift");
  conn_->flush();
  detach();
}

void dispatch_day(JobBus &bus, const std::vector<SweepJob> &jobs) {
  CrewLink north("north", "10.4.0.11:7300", 1, bus);
  CrewLink south("south", "10.4.0.12:7300", 2, bus);
  for (size_t i = 0; i < jobs.size(); ++i) {
    bus.publish(jobs[i]);
    if (i == jobs.size() / 2) {
      south.redial();
      south.notifyCrew("jobs resent from dispatcher"); // OK
    }
  }
  north.endShift();
  bus.publish(SweepJob{0, "depot", "none", 1});
}

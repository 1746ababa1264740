// An on-call pager shares a Mailer with the rest of the service and subscribes
// a callback to the alert bus that captures its own shared_ptr copy of the
// mailer. stop() shuts the mailer down but never unsubscribes, so the next
// critical alert raised on the bus runs the callback, which delivers on the
// shut-down mailer ("mailer shut down"). The direct delivery after stop() is
// guarded by stopped().
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class Mailer {
public:
  void deliver(const std::string &to, const std::string &body) {
    if (stopped_)
      throw std::runtime_error("mailer shut down");
    outbox_.push_back(to + ": " + body);
  }
  void shutdown() {
    stopped_ = true;
    outbox_.clear();
  }
  bool stopped() const { return stopped_; }

private:
  std::vector<std::string> outbox_;
  bool stopped_ = false;
};

struct Alert {
  std::string severity;
  std::string text;
};

class AlertBus {
public:
  using Handler = std::function<void(const Alert &)>;
  void subscribe(Handler handler) { handlers_.push_back(std::move(handler)); }
  void raise(const Alert &alert) {
    for (Handler &handler : handlers_)
      handler(alert);
  }

private:
  std::vector<Handler> handlers_;
};

class OnCallPager {
public:
  OnCallPager(AlertBus &bus, std::shared_ptr<Mailer> mailer)
      : mailer_(std::move(mailer)) {
    bus.subscribe([mailer = mailer_](const Alert &alert) {
      if (alert.severity == "critical")
        mailer->deliver("oncall@example.com", alert.text); // SAME: page
    });
  }

  void stop() { mailer_->shutdown(); }

private:
  std::shared_ptr<Mailer> mailer_;
};

void runIncidentDrill() {
  AlertBus bus;
  auto mailer = std::make_shared<Mailer>();
  OnCallPager pager(bus, mailer);
  bus.raise({"critical", "disk full on db-3"}); // OK: mailer still running
  mailer->deliver("ops@example.com", "drill started"); // OK: not shut down yet
  pager.stop();
  if (!mailer->stopped())
    mailer->deliver("ops@example.com", "drill over"); // OK: guarded by stopped()
  bus.raise({"critical", "drill finished"}); // BUG: use-after-close #page
}

// Steps that are objects of classes derived from a base with a virtual
// run(), made for a local list (`steps.push_back(std::make_unique<X>(...))`)
// and run in order by a range-for: each element's own run() runs, on the
// loop call's arguments and on what its constructor bound its members to,
// each seeing what the ones before it closed. Members a step keeps by value
// are its own; a list handed elsewhere before the run is not followed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class QuayUplink {
public:
  void send(const std::string &m) {
    if (!open_)
      throw std::runtime_error("uplink closed");
    last_ = m;
  }
  void close() { open_ = false; }
  bool isOpen() const { return open_; }

private:
  bool open_ = true;
  std::string last_;
};

struct QuaySite {
  QuayUplink link;
};

struct QuayStep {
  virtual ~QuayStep() = default;
  virtual void run(QuaySite &site) = 0;
};

struct Announce : QuayStep {
  void run(QuaySite &site) override { site.link.send("going down"); }
};

struct CloseLink : QuayStep {
  void run(QuaySite &site) override { site.link.close(); }
};

struct Report : QuayStep {
  void run(QuaySite &site) override {
    site.link.send("down");
    // CHECK: [[@LINE-1]]:15: warning: call to 'send' on 'site.link' after it was closed
  }
};

struct ReportIfOpen : QuayStep {
  void run(QuaySite &site) override {
    if (site.link.isOpen())
      site.link.send("still up");
  }
};

// Steps that reach an uplink their constructor was given.
struct CloseGiven : QuayStep {
  explicit CloseGiven(QuayUplink &l) : link_(l) {}
  void run(QuaySite &) override { link_.close(); }
  QuayUplink &link_;
};

struct SendGiven : QuayStep {
  explicit SendGiven(std::shared_ptr<QuayUplink> l) : link_(std::move(l)) {}
  void run(QuaySite &) override {
    link_->send("bye");
    // CHECK: [[@LINE-1]]:12: warning: call to 'send' on 'link_' after it was closed
  }
  std::shared_ptr<QuayUplink> link_;
};

// A step with an uplink of its own.
struct OwnLink : QuayStep {
  void run(QuaySite &) override { mine_.send("hello"); }
  QuayUplink mine_;
};

void shutdownInOrder(QuaySite &site) {
  std::vector<std::unique_ptr<QuayStep>> steps;
  steps.push_back(std::make_unique<Announce>());
  steps.push_back(std::make_unique<CloseLink>());
  steps.push_back(std::make_unique<Report>());
  steps.push_back(std::make_unique<ReportIfOpen>());
  for (auto &step : steps)
    step->run(site);
}

void reportBeforeClose(QuaySite &site) {
  std::vector<std::unique_ptr<QuayStep>> steps;
  steps.emplace_back(new Announce);
  steps.emplace_back(new Report);
  steps.emplace_back(new CloseLink);
  for (const auto &step : steps)
    step->run(site);
}

void givenUplinks(QuaySite &site, QuayUplink &other) {
  auto spare = std::make_shared<QuayUplink>();
  std::vector<std::unique_ptr<QuayStep>> steps;
  steps.push_back(std::make_unique<CloseGiven>(*spare));
  steps.push_back(std::make_unique<SendGiven>(spare));
  for (auto &step : steps)
    step->run(site);
  std::vector<std::unique_ptr<QuayStep>> others;
  others.push_back(std::make_unique<CloseGiven>(other));
  others.push_back(std::make_unique<OwnLink>());
  others.push_back(std::make_unique<Announce>());
  for (auto &step : others)
    step->run(site);
}

void reorder(std::vector<std::unique_ptr<QuayStep>> &steps);

void reordered(QuaySite &site) {
  std::vector<std::unique_ptr<QuayStep>> steps;
  steps.push_back(std::make_unique<CloseLink>());
  steps.push_back(std::make_unique<Report>());
  reorder(steps);
  for (auto &step : steps)
    step->run(site);
}

// Closing-time sequence for a fondue and raclette chalet restaurant. The
// table burners, the raclette grills and the hood fan are driven over
// appliance links; the night shutdown is a list of steps run in order.
// Two mistakes: in the lambda plan the burner audit step was appended after
// the step that closes the burner bus; in the object plan the grill
// temperature log step runs after CloseLinkStep closed the grill link.
// The named registry used at lunch break runs its steps in a correct order.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace chalet {

class ApplianceLink {
 public:
  ApplianceLink(std::string name, int fd) : name_(std::move(name)), fd_(fd) {}
  ~ApplianceLink() { close(); }

  void send(const std::string& cmd) {
    if (closed_) throw std::runtime_error(name_ + ": appliance link closed");
    ::write(fd_, cmd.data(), cmd.size());
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    ::close(fd_);
  }

  bool closed() const { return closed_; }

 private:
  std::string name_;
  int fd_;
  bool closed_ = false;
};

using Plan = std::vector<std::function<void()>>;

Plan night_plan(std::shared_ptr<ApplianceLink> burners, std::shared_ptr<ApplianceLink> grill) {
  Plan plan;
  plan.push_back([burners] { burners->send("ALL OFF"); });
  plan.push_back([grill] { grill->send("COOLDOWN"); });
  plan.push_back([burners] { burners->close(); });
  plan.push_back([grill] { grill->close(); });
  plan.push_back([burners] { burners->send("AUDIT GAS HOURS"); });  // BUG: use-after-close
  return plan;
}

void run_plan(const Plan& plan) {
  for (const auto& step : plan) step();
}

class Step {
 public:
  virtual ~Step() = default;
  virtual void run() = 0;
};

class CommandStep : public Step {
 public:
  CommandStep(std::shared_ptr<ApplianceLink> link, std::string cmd) : link_(std::move(link)), cmd_(std::move(cmd)) {}
  void run() override { link_->send(cmd_); }

 private:
  std::shared_ptr<ApplianceLink> link_;
  std::string cmd_;
};

class CloseLinkStep : public Step {
 public:
  explicit CloseLinkStep(std::shared_ptr<ApplianceLink> link) : link_(std::move(link)) {}
  void run() override { link_->close(); }

 private:
  std::shared_ptr<ApplianceLink> link_;
};

class GrillTempLogStep : public Step {
 public:
  explicit GrillTempLogStep(std::shared_ptr<ApplianceLink> grill) : grill_(std::move(grill)) {}
  void run() override { grill_->send("LOG TEMP"); }  // BUG: use-after-close

 private:
  std::shared_ptr<ApplianceLink> grill_;
};

void close_grills(std::shared_ptr<ApplianceLink> grill, std::shared_ptr<ApplianceLink> fan) {
  std::vector<std::unique_ptr<Step>> steps;
  steps.push_back(std::make_unique<CommandStep>(grill, "ELEMENTS OFF"));
  steps.push_back(std::make_unique<CloseLinkStep>(grill));
  steps.push_back(std::make_unique<GrillTempLogStep>(grill));
  steps.push_back(std::make_unique<CommandStep>(fan, "PURGE 10MIN"));
  steps.push_back(std::make_unique<CloseLinkStep>(fan));
  for (auto& s : steps) s->run();
}

void lunch_break(std::shared_ptr<ApplianceLink> burners, std::shared_ptr<ApplianceLink> fan) {
  std::map<std::string, std::function<void()>> registry;
  registry["burners-low"] = [burners] { burners->send("ALL LOW"); };  // OK: runs before the burner bus is closed
  registry["fan-slow"] = [fan] { fan->send("SPEED 1"); };  // OK: the fan link is never closed here
  registry["burners-release"] = [burners] { burners->close(); };
  registry["fan-report"] = [fan] { if (!fan->closed()) fan->send("REPORT"); };  // OK: guarded by closed()
  const char* order[] = {"burners-low", "fan-slow", "burners-release", "fan-report"};
  for (const char* name : order) registry.at(name)();
}

}  // namespace chalet

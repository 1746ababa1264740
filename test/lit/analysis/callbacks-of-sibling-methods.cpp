// A callable one method hands to a member registry (start() setting the
// registry's hook) is there when another method runs the registry: stop()
// shutting the hub down before `registry_->closeAll()` fires a hook that
// publishes on the hub. stopFixed() runs the registry first.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
class Hub {
public:
  void publish(const std::string &s) {
    if (closed_)
      throw std::runtime_error("hub is shut down");
    last_ = s;
  }
  void shutdown() { closed_ = true; }
private:
  bool closed_ = false;
  std::string last_;
};
class Registry {
public:
  void setHook(std::function<void(const std::string &)> h) { hook_ = std::move(h); }
  void closeAll() {
    if (hook_)
      hook_("all");
  }
private:
  std::function<void(const std::string &)> hook_;
};
class Bridge {
public:
  void start() {
    registry_->setHook([this](const std::string &id) { hub_->publish(id); });
  }
  void stop() {
    hub_->shutdown();
    // CHECK: callbacks-of-sibling-methods.cpp:[[@LINE+1]]:16: warning: call to 'closeAll' runs a callback that uses 'hub_' after it was closed [errlint-use-after-close]
    registry_->closeAll();
  }
  void stopFixed() {
    registry_->closeAll();
    hub_->shutdown();
  }
private:
  std::unique_ptr<Hub> hub_ = std::make_unique<Hub>();
  std::unique_ptr<Registry> registry_ = std::make_unique<Registry>();
};

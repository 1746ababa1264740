// A registry's add() keeps the hook it is given and runs it at once only
// once the registry has run its hooks (a late registration): registering a
// hook that closes the status file does not close it, unless the caller
// knows the hooks have run. A helper that runs the callable for some
// argument (`runIf(on, f)`) may have run it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

class HkrRegistry {
public:
  void add(std::function<void()> hook) {
    if (!ran_) {
      hooks_.push_back(std::move(hook));
      return;
    }
    hook();
  }
  void runAll() {
    ran_ = true;
    for (auto &h : hooks_)
      h();
    hooks_.clear();
  }

private:
  bool ran_ = false;
  std::vector<std::function<void()>> hooks_;
};

void hkrRunIf(bool on, const std::function<void()> &f) {
  if (on)
    f();
}

void registerThenWrite(HkrRegistry &hooks, std::FILE *status) {
  hooks.add([status] { std::fclose(status); });
  std::fputs("running\n", status);
}

void runIfThenWrite(bool on, std::FILE *status) {
  hkrRunIf(on, [status] { std::fclose(status); });
  // CHECK: hooks-kept-until-run.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'status' that may have been closed
  std::fputs("running\n", status);
}

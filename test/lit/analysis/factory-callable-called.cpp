// A callable a factory returns (`make_fix_callback(link)` returning a
// lambda that holds the link) and kept in a local std::function uses the
// link when it is called: a call after the link was closed fails inside
// it. Calls before the close, and a callable of another link, are fine.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

class JessLink {
public:
  void ping(const std::string &m) {
    if (closed_)
      throw std::runtime_error("tracker link closed");
    last_ = m;
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  std::string last_;
};

using FixHandler = std::function<void(double)>;

static FixHandler makeFixHandler(std::shared_ptr<JessLink> link) {
  return [link](double lat) { link->ping("FIX " + std::to_string(lat)); };
}

void lateFix(std::shared_ptr<JessLink> saker, std::shared_ptr<JessLink> lanner) {
  FixHandler onSaker = makeFixHandler(saker);
  FixHandler onLanner = makeFixHandler(lanner);
  onSaker(51.2);
  saker->close();
  onLanner(51.3);
  // CHECK: factory-callable-called.cpp:[[@LINE+1]]:3: warning: call to 'onSaker' uses 'saker' after it was closed [errlint-use-after-close]
  onSaker(51.4);
}

// Classes whose state lives in their implementation (pimpl): close()
// clears `impl_->open`, and every use throws through it. Rebuilding the
// implementation (`impl_ = std::make_unique<Impl>()`) gives the members
// their declared values: a roller whose Impl starts open is open again
// after reopen(); a valve whose Impl starts shut is still shut after
// renew(), so a use after it fails.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>

class InkRoller {
public:
  InkRoller();
  ~InkRoller();
  void ink(int passes);
  void close();
  void reopen();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct InkRoller::Impl {
  int passes = 0;
  bool open = true;
};

InkRoller::InkRoller() : impl_(std::make_unique<Impl>()) {}
InkRoller::~InkRoller() = default;
void InkRoller::ink(int passes) {
  if (!impl_->open)
    throw std::runtime_error("ink roller closed");
  impl_->passes += passes;
}
void InkRoller::close() { impl_->open = false; }
void InkRoller::reopen() { impl_ = std::make_unique<Impl>(); }

class SluiceValve {
public:
  SluiceValve();
  ~SluiceValve();
  void open();
  void shut();
  void renew();
  void flow(int litres);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct SluiceValve::Impl {
  bool opened = false;
};

SluiceValve::SluiceValve() : impl_(std::make_unique<Impl>()) {}
SluiceValve::~SluiceValve() = default;
void SluiceValve::open() { impl_->opened = true; }
void SluiceValve::shut() { impl_->opened = false; }
void SluiceValve::renew() { impl_ = std::make_unique<Impl>(); }
void SluiceValve::flow(int litres) {
  if (!impl_->opened)
    throw std::runtime_error("sluice valve shut");
  (void)litres;
}

void runJob(InkRoller &r) {
  r.close();
  r.reopen();
  r.ink(1);
}

void inkClosed(InkRoller &r) {
  r.close();
  // CHECK: pimpl-rebuilt-implementation.cpp:[[@LINE+1]]:5: warning: call to 'ink' on 'r' after it was closed
  r.ink(1);
}

void flowAfterRenew(SluiceValve &v) {
  v.shut();
  v.renew();
  // CHECK: pimpl-rebuilt-implementation.cpp:[[@LINE+1]]:5: warning: call to 'flow' on 'v' after it was closed
  v.flow(3);
}

void flowReopened(SluiceValve &v) {
  v.shut();
  v.open();
  v.flow(3);
}

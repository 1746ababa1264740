// A callable that captured its own copy of a shared_ptr (`[screen]`,
// `[s = screen_]`) keeps the object it was made with: after the owner's
// member is pointed at a fresh object, running the callable still uses the
// one closed before. A callable that reaches the object through the member
// (`[this]`) or through a variable it captured by reference uses whatever
// that denotes when it runs.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class Banner {
public:
  void show(const std::string &t) {
    if (!open_)
      throw std::runtime_error("banner closed");
    text_ = t;
  }
  void close() { open_ = false; }

private:
  std::string text_;
  bool open_ = true;
};

class Ticker {
public:
  void onTick(std::function<void()> f) { hooks_.push_back(std::move(f)); }
  void tick() {
    for (auto &h : hooks_)
      h();
  }

private:
  std::vector<std::function<void()>> hooks_;
};

class Stage {
public:
  explicit Stage(Ticker &t) : ticker_(t), banner_(std::make_shared<Banner>()) {}
  void wireCopy() {
    std::shared_ptr<Banner> b = banner_;
    ticker_.onTick([b] { b->show("copy"); });
  }
  void wireInit() {
    ticker_.onTick([b = banner_] { b->show("init"); });
  }
  void wireMember() {
    ticker_.onTick([this] { banner_->show("member"); });
  }
  void close() { banner_->close(); }
  void replace() { banner_ = std::make_shared<Banner>(); }

private:
  Ticker &ticker_;
  std::shared_ptr<Banner> banner_;
};

void copyOutlivesReplace(Ticker &t) {
  Stage s(t);
  s.wireCopy();
  s.close();
  s.replace();
  t.tick();
  // CHECK: callback-own-copy-rebound.cpp:[[@LINE-1]]:5: warning: call to 'tick' runs a callback that uses 's.banner_' after it was closed
}

void initCaptureOutlivesReplace(Ticker &t) {
  Stage s(t);
  s.wireInit();
  s.close();
  s.replace();
  t.tick();
  // CHECK: callback-own-copy-rebound.cpp:[[@LINE-1]]:5: warning: call to 'tick' runs a callback that uses 's.banner_' after it was closed
}

void memberFollowsReplace(Ticker &t) {
  Stage s(t);
  s.wireMember();
  s.close();
  s.replace();
  t.tick(); // the callback shows on the fresh banner
}

void localByReference(Ticker &t) {
  auto b = std::make_shared<Banner>();
  t.onTick([&b] { b->show("ref"); });
  b->close();
  b = std::make_shared<Banner>();
  t.tick(); // b denotes the fresh banner when the callback runs
}

void localByCopy(Ticker &t) {
  auto b = std::make_shared<Banner>();
  t.onTick([b] { b->show("copy"); });
  b->close();
  b = std::make_shared<Banner>();
  t.tick();
  // CHECK: callback-own-copy-rebound.cpp:[[@LINE-1]]:5: warning: call to 'tick' runs a callback that uses 'b' after it was closed
}

void copyOfFreshObject(Ticker &t) {
  Stage s(t);
  s.close();
  s.replace();
  s.wireCopy();
  t.tick(); // the copy was taken of the fresh banner
}

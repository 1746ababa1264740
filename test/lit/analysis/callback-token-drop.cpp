// A registry that hands back a token for each callable it keeps
// (`int every(fn)` returning the id it stores it under) and drops by that
// token (`cancel(id)`): a drop given the place one keeping call's result
// went removes that callable only, not those kept under other tokens, in
// the function itself and through the summaries of methods that keep and
// drop (a route that registers two tasks in start() and cancels one in
// dawn()). A token errlint cannot trace (copied into a list) may be any
// of them: every callable may go.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class Channel {
public:
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("channel closed");
    last_ = m;
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  std::string last_;
};

class Timer {
public:
  int every(std::function<void(int)> task) {
    int id = next_++;
    tasks_.emplace(id, std::move(task));
    return id;
  }
  void cancel(int id) { tasks_.erase(id); }
  void advance(int minutes) {
    for (int i = 0; i < minutes; ++i)
      for (auto &entry : tasks_)
        entry.second(i);
  }

private:
  std::map<int, std::function<void(int)>> tasks_;
  int next_ = 1;
};

class Route {
public:
  Route(Timer &timer, std::shared_ptr<Channel> channel)
      : timer_(timer), channel_(std::move(channel)) {}
  void start() {
    std::shared_ptr<Channel> ch = channel_;
    heartbeat_ = timer_.every([ch](int m) { ch->send("beat " + std::to_string(m)); });
    report_ = timer_.every([this](int m) { channel_->send("report"); });
  }
  void dawn() {
    timer_.cancel(report_);
    channel_->close();
  }
  void retire() {
    timer_.cancel(report_);
    timer_.cancel(heartbeat_);
    channel_->close();
  }

private:
  Timer &timer_;
  std::shared_ptr<Channel> channel_;
  int heartbeat_ = 0;
  int report_ = 0;
};

// Positive: dawn() cancels the report task only; the heartbeat keeps its
// own copy of the closed channel.
void night(Timer &timer) {
  Route route(timer, std::make_shared<Channel>());
  route.start();
  timer.advance(30);
  route.dawn();
  timer.advance(30);
  // CHECK: callback-token-drop.cpp:[[@LINE-1]]:9: warning: call to 'advance' runs a callback that uses 'route.channel_' after it was closed
}

// Negative: retire() cancels both.
void lastNight(Timer &timer) {
  Route route(timer, std::make_shared<Channel>());
  route.start();
  route.retire();
  timer.advance(30);
}

// Positive and negative in one body: a local token per task.
void tokens(Timer &timer, std::shared_ptr<Channel> a, std::shared_ptr<Channel> b) {
  int first = timer.every([a](int) { a->send("a"); });
  int second = timer.every([b](int) { b->send("b"); });
  timer.cancel(first);
  a->close();
  timer.advance(1);
  timer.cancel(second);
  b->close();
  timer.advance(1);
  (void)second;
}

// Positive: the task cancelled is the other one.
void otherToken(Timer &timer, std::shared_ptr<Channel> a, std::shared_ptr<Channel> b) {
  int first = timer.every([a](int) { a->send("a"); });
  int second = timer.every([b](int) { b->send("b"); });
  timer.cancel(first);
  b->close();
  timer.advance(1);
  // CHECK: callback-token-drop.cpp:[[@LINE-1]]:9: warning: call to 'advance' runs a callback that uses 'b' after it was closed
  timer.cancel(second);
}

void keptTokens(Timer &timer, std::shared_ptr<Channel> c, std::shared_ptr<Channel> d) {
  int first = timer.every([c](int) { c->send("c"); });
  timer.every([d](int) { d->send("d"); });
  d->close();
  timer.advance(1);
  // CHECK: callback-token-drop.cpp:[[@LINE-1]]:9: warning: call to 'advance' runs a callback that uses 'd' after it was closed
  timer.cancel(first);
}

// Negative: the token went through a list; which task goes is not known.
void listed(Timer &timer, std::shared_ptr<Channel> e) {
  std::vector<int> ids;
  ids.push_back(timer.every([e](int) { e->send("e"); }));
  timer.cancel(ids.front());
  e->close();
  timer.advance(1);
}

// Routes kept in a vector, each built with the caller's timer: their
// tasks are kept in that timer. dawn() on each cancels the report task of
// each (on the paths that enter the loop, where it closes too); the
// heartbeat still runs.
void district(Timer &timer, const std::vector<int> &sizes) {
  std::vector<std::unique_ptr<Route>> routes;
  for (int n : sizes)
    routes.push_back(std::make_unique<Route>(timer, std::make_shared<Channel>()));
  for (auto &r : routes)
    r->start();
  for (auto &r : routes)
    r->dawn();
  timer.advance(5);
  // CHECK: callback-token-drop.cpp:[[@LINE-1]]:9: warning: call to 'advance' runs a callback that uses 'routes[...].channel_' that may have been closed
}

// Negative: retired, each cancels both of its tasks.
void quietDistrict(Timer &timer, const std::vector<int> &sizes) {
  std::vector<std::unique_ptr<Route>> routes;
  for (int n : sizes)
    routes.push_back(std::make_unique<Route>(timer, std::make_shared<Channel>()));
  for (auto &r : routes)
    r->start();
  for (auto &r : routes)
    r->retire();
  timer.advance(5);
}

// Negative: the routes were built with another timer.
void otherTimer(Timer &timer, Timer &spare) {
  std::vector<std::unique_ptr<Route>> routes;
  routes.push_back(std::make_unique<Route>(spare, std::make_shared<Channel>()));
  for (auto &r : routes)
    r->start();
  for (auto &r : routes)
    r->dawn();
  timer.advance(5);
}


// Positive: each pass runs the task, then cancels it; the first pass runs
// it on the closed channel (a drop later in a loop does not undo the run
// before it).
void runThenCancel(Timer &timer, std::shared_ptr<Channel> f) {
  int id = timer.every([f](int) { f->send("f"); });
  f->close();
  for (int i = 0; i < 3; ++i) {
    timer.advance(1);
    // CHECK: callback-token-drop.cpp:[[@LINE-1]]:11: warning: call to 'advance' runs a callback that uses 'f'
    timer.cancel(id);
  }
}

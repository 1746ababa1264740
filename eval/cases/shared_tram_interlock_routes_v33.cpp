// Tram depot interlocking: a SignalBox keeps route-setting callbacks that run on
// the next tick. scheduleRoute() captures a shared_ptr copy of the InterlockLink,
// so the link outlives the depot's own handle; nightShutdown() closes the link
// through the depot's copy while such a callback is still pending and then ticks,
// which sends an aspect on the closed link. The weak_ptr callback checks the state.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class InterlockLink {
public:
  explicit InterlockLink(std::string id) : id_(std::move(id)) {}
  void sendAspect(int signal, char aspect);
  void close();
  bool closed() const { return state_ == State::Closed; }

private:
  enum class State { Up, Closed };
  std::string id_;
  State state_ = State::Up;
  std::vector<std::string> wire_;
};

void InterlockLink::sendAspect(int signal, char aspect) {
  if (state_ == State::Closed)
    throw std::runtime_error("interlock link " + id_ + " is closed");
  wire_.push_back("S" + std::to_string(signal) + ":" + aspect);
}

void InterlockLink::close() {
  if (state_ == State::Closed)
    throw std::runtime_error("interlock link " + id_ + " already closed");
  state_ = State::Closed;
}

class SignalBox {
public:
  void onTick(std::function<void()> cb) { pending_.push_back(std::move(cb)); }
  void tick();
  void cancelAll() { pending_.clear(); }

private:
  std::vector<std::function<void()>> pending_;
};

void SignalBox::tick() {
  std::vector<std::function<void()>> batch;
  batch.swap(pending_);
  for (auto &cb : batch)
    cb();
}

class Depot {
public:
  Depot() : link_(std::make_shared<InterlockLink>("north-yard")) {}
  void scheduleRoute(int signal);
  void scheduleGuardedRoute(int signal);
  void morningRun();
  void nightShutdown();
  void reconnect();

private:
  std::shared_ptr<InterlockLink> link_;
  SignalBox box_;
};

void Depot::scheduleRoute(int signal) {
  std::shared_ptr<InterlockLink> link = link_;
  box_.onTick([link, signal] {
    link->sendAspect(signal, 'G'); // SAME: tramroute
  });
}

void Depot::scheduleGuardedRoute(int signal) {
  std::weak_ptr<InterlockLink> weak = link_;
  box_.onTick([weak, signal] {
    std::shared_ptr<InterlockLink> link = weak.lock();
    if (!link || link->closed())
      return;
    link->sendAspect(signal, 'Y'); // OK: skipped once the link is closed
  });
}

void Depot::morningRun() {
  scheduleGuardedRoute(9);
  scheduleRoute(3);
  box_.tick(); // OK: the link is open when these callbacks run
  scheduleGuardedRoute(11);
  link_->close();
  box_.tick(); // OK: only the weak, state-checking callback is pending
}

void Depot::nightShutdown() {
  scheduleRoute(14);
  link_->close();
  box_.tick(); // BUG: use-after-close #tramroute
}

void Depot::reconnect() {
  box_.cancelAll();
  if (!link_->closed())
    link_->close();
  link_ = std::make_shared<InterlockLink>("north-yard");
  link_->sendAspect(0, 'R'); // OK: a fresh link replaced the closed one
}

int main() {
  Depot depot;
  depot.morningRun();
  depot.reconnect();
  depot.nightShutdown();
  return 0;
}

// Two tests of one enum state (`if (state_ == Closed) return;` then `if
// (state_ != Handshaking) fflush(...)`) leave the enumerators both allow:
// a close that flushes only then does not flush a link a registry closed
// before, even where the registry reaches it at a key the caller cannot
// name (`links_[link->id()]` when attaching a replacement). A registry
// method that flushes whatever link it finds there does.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <map>
#include <memory>
#include <string>

class Link {
public:
  Link(std::string id, FILE *out) : id_(std::move(id)), out_(out) {}
  const std::string &id() const { return id_; }
  void close() {
    if (state_ == State::Closed)
      return;
    if (state_ != State::Handshaking)
      std::fflush(out_);
    std::fclose(out_);
    state_ = State::Closed;
  }
  void flush() { std::fflush(out_); }

private:
  enum class State { Handshaking, Online, Draining, Closed };
  std::string id_;
  FILE *out_;
  State state_ = State::Online;
};

class Registry {
public:
  void detach(const std::string &id) {
    auto it = links_.find(id);
    if (it == links_.end())
      return;
    it->second->close();
  }
  void attach(std::shared_ptr<Link> link) {
    std::shared_ptr<Link> &slot = links_[link->id()];
    if (slot)
      slot->close();
    slot = std::move(link);
  }
  void attachFlushing(std::shared_ptr<Link> link) {
    std::shared_ptr<Link> &slot = links_[link->id()];
    if (slot)
      slot->flush();
    slot = std::move(link);
  }

private:
  std::map<std::string, std::shared_ptr<Link>> links_;
};

void move(Registry &registry, const std::string &id, FILE *out) {
  registry.detach(id);
  registry.attach(std::make_shared<Link>(id, out));
}

void moveFlushing(Registry &registry, const std::string &id, FILE *out) {
  registry.detach(id);
  registry.attachFlushing(std::make_shared<Link>(id, out));
  // CHECK: enum-state-two-tests.cpp:[[@LINE-1]]:12: warning: call to 'attachFlushing' uses 'registry.links_[...].second.out_' that may have been closed
}

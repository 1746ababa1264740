// A method that returns a copy of a shared_ptr member on every return
// (`Link openShout()` rebinding `link_` when it is closed, then `return
// link_;`) hands its caller a pointer to the object the member denotes as
// it returns: a later close through the member closes the caller's copy.
// A method that moves the member out (`return std::move(link_);`) leaves
// the member empty; one that returns a fresh object shares nothing. A
// registry's `get(id)` returning the element at id or null shares the
// element, in another unit too (it is summarized for its callers).
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class Conn {
public:
  explicit Conn(std::string peer) : peer_(std::move(peer)) {}
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("connection closed: " + peer_);
    last_ = m;
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::string peer_, last_;
  bool closed_ = false;
};

using Link = std::shared_ptr<Conn>;

class Pager {
public:
  Link open() {
    if (!link_ || link_->isClosed())
      link_ = std::make_shared<Conn>("pager");
    return link_;
  }
  Link take() { return std::move(link_); }
  Link spare() const { return std::make_shared<Conn>("spare"); }
  void standDown() {
    if (!link_ || link_->isClosed())
      return;
    link_->close();
  }

private:
  Link link_;
};

// Positive: the caller's copy is the member standDown() closes.
void shout(Pager &pager) {
  Link link = pager.open();
  link->send("PAGE");
  pager.standDown();
  link->send("LATE");
  // CHECK: returned-shared-owner.cpp:[[@LINE-1]]:9: warning: call to 'send' on 'link' that may have been closed
}

// Negative: a fresh link after the close.
void exercise(Pager &pager) {
  pager.standDown();
  Link fresh = pager.open();
  fresh->send("EXERCISE");
}

// Negative: taken out of the pager, which then holds nothing to close.
void handOver(Pager &pager) {
  Link mine = pager.take();
  pager.standDown();
  if (mine)
    mine->send("MINE");
}

// Negative: a spare is not the pager's link.
void spareLink(Pager &pager) {
  Link s = pager.spare();
  pager.standDown();
  s->send("SPARE");
}

// A registry's get(id) returning the element at id or null, as a
// shared_ptr copy: the caller shares the element disconnect(id) closes.
class Registry {
public:
  Link get(const std::string &id) const {
    auto it = links_.find(id);
    return it == links_.end() ? nullptr : it->second;
  }
  void disconnect(const std::string &id) {
    auto it = links_.find(id);
    if (it != links_.end())
      it->second->close();
  }

private:
  std::map<std::string, Link> links_;
};

// Positive: a malformed frame disconnects, and the ack still goes out.
void onFrame(Registry &registry, const std::string &id, bool malformed) {
  Link link = registry.get(id);
  if (!link || link->isClosed())
    return;
  if (malformed)
    registry.disconnect(id);
  link->send("ACK");
  // CHECK: returned-shared-owner.cpp:[[@LINE-1]]:9: warning: call to 'send' on 'link' that may have been closed
}

// Negative: another device's link.
void onOtherFrame(Registry &registry, const std::string &id, const std::string &other) {
  Link link = registry.get(id);
  if (!link || link->isClosed())
    return;
  registry.disconnect(other);
  if (id != other)
    link->send("ACK");
}

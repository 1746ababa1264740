// Link: shared state of every named link (name, state, last heartbeat). The state only
// leaves Closed never: set_state() refuses to resurrect a closed link, and mark_closed()
// tells exactly one caller that it performed the close. Negative file: no resources here.
#include "link.h"

namespace tubed {

const char* link_state_name(LinkState s) {
  switch (s) {
    case LinkState::Idle:
      return "idle";
    case LinkState::Up:
      return "up";
    case LinkState::Down:
      return "down";
    case LinkState::Closed:
      return "closed";
  }
  return "?";
}

Link::Link(std::string name) : name_(std::move(name)) { heard(); }

Link::~Link() = default;

const std::string& Link::name() const { return name_; }

LinkState Link::state() const { return state_.load(); }

bool Link::is_closed() const { return state() == LinkState::Closed; }

void Link::shutdown() { mark_closed(); }

std::chrono::steady_clock::time_point Link::last_heard() const {
  return std::chrono::steady_clock::time_point(std::chrono::nanoseconds(last_heard_ns_.load()));
}

void Link::heard() {
  last_heard_ns_.store(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count());
}

void Link::set_state(LinkState s) {
  LinkState cur = state_.load();
  while (cur != LinkState::Closed && !state_.compare_exchange_weak(cur, s)) {
  }
}

bool Link::mark_closed() { return state_.exchange(LinkState::Closed) != LinkState::Closed; }

Status Link::closed_error(const char* op) const {
  return Status::error(Code::Closed, name_ + ": " + op + " on a closed link");
}

}  // namespace tubed

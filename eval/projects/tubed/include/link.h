// Link: the common base of every named connection in the tube network (ward stations,
// fieldbus segment gateways). A link that was shut down stays Closed: send() then returns
// Code::Closed. shutdown() is idempotent in every implementation.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "status.h"

namespace tubed {

enum class LinkState { Idle, Up, Down, Closed };

const char* link_state_name(LinkState s);

class Link {
 public:
  explicit Link(std::string name);
  virtual ~Link();
  Link(const Link&) = delete;
  Link& operator=(const Link&) = delete;

  const std::string& name() const;
  LinkState state() const;
  bool is_closed() const;

  // Sends one frame; Code::Closed once the link was shut down.
  virtual Status send(const std::string& frame) = 0;
  // Releases the transport. Idempotent. Derived classes release their own transport.
  virtual void shutdown();

  std::chrono::steady_clock::time_point last_heard() const;
  void heard();

 protected:
  // Moves to Up/Down/Idle; never resurrects a Closed link.
  void set_state(LinkState s);
  // True for the one caller that moved the link to Closed.
  bool mark_closed();
  Status closed_error(const char* op) const;

 private:
  std::string name_;
  std::atomic<LinkState> state_{LinkState::Idle};
  std::atomic<std::int64_t> last_heard_ns_{0};
};

inline bool usable(const Link& l) { return l.state() == LinkState::Up; }

// Puts an announcement on a station's display ("ANN <text>").
inline Status announce(Link& l, const std::string& text) {
  return l.send("ANN " + text); // SAME: night_announce
}

}  // namespace tubed

// Fencing tournament hall: every piste's hit-detection box reports touches and scores to the
// results desk over a PisteLink. The bout code guards the link in all the usual ways (null or
// closed, state enum, operator bool, a bool-returning ready() helper, while-not-closed loops).
// Two spots go wrong: a stored "was open" flag read after a medical-abandon close, and a tie-break
// condition that sends even when the bout was abandoned.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

class PisteLink {
 public:
  enum class State { Idle, Live, Closed };

  explicit PisteLink(int fd) : fd_(fd) {}
  ~PisteLink() {
    if (state_ != State::Closed) ::close(fd_);
  }
  void start() {
    if (state_ == State::Closed) throw std::runtime_error("piste link closed");
    state_ = State::Live;
  }
  void send_score(int left, int right) {
    if (state_ == State::Closed) throw std::runtime_error("piste link closed");
    char msg[32];
    int n = std::snprintf(msg, sizeof msg, "SCORE %d-%d\n", left, right);
    if (::send(fd_, msg, static_cast<size_t>(n), MSG_NOSIGNAL) != n) throw std::runtime_error("piste: send failed");
  }
  void close() {
    if (state_ == State::Closed) throw std::runtime_error("piste link already closed");
    state_ = State::Closed;
    ::close(fd_);
  }
  State state() const { return state_; }
  bool closed() const { return state_ == State::Closed; }
  bool is_open() const { return state_ != State::Closed; }
  explicit operator bool() const { return is_open(); }

 private:
  int fd_;
  State state_ = State::Idle;
};

static bool ready(const PisteLink& link) {
  if (link.closed()) return false;
  return link.state() == PisteLink::State::Live;
}

class Bout {
 public:
  explicit Bout(int fd) : link_(std::make_unique<PisteLink>(fd)) {}
  void touch(int left, int right) {
    if (!link_ || link_->closed()) return;
    link_->send_score(left, right);  // OK: null-or-closed guard
  }
  void halt() {
    if (link_ && !link_->closed()) link_->close();  // OK: guarded close
    link_.reset();
  }
  void overtime(int left, int right) {
    if (link_ && link_->is_open()) link_->send_score(left, right);  // OK: && guard
  }

 private:
  std::unique_ptr<PisteLink> link_;
};

void announce(PisteLink& link, int left, int right) {
  if (!ready(link)) return;
  link.send_score(left, right);  // OK: ready() returned false for a closed link
}

void referee_panel(PisteLink& link, int left, int right) {
  switch (link.state()) {
    case PisteLink::State::Closed:
      return;
    case PisteLink::State::Idle:
      link.start();  // OK: Idle is not closed
      break;
    case PisteLink::State::Live:
      break;
  }
  link.send_score(left, right);  // OK: the Closed case returned
}

void scoreboard_echo(PisteLink& link, int left, int right) {
  if (link) link.send_score(left, right);  // OK: operator bool
}

void run_bout(PisteLink& link, const int* touches, int count) {
  int left = 0, right = 0, i = 0;
  while (!link.closed()) {
    if (i == count || left == 15 || right == 15) {
      link.close();
    } else {
      (touches[i++] == 0 ? left : right)++;
      link.send_score(left, right);  // OK: loop condition and else-branch
    }
  }
}

void end_of_pool(PisteLink& link, int left, int right, bool medical_abandon) {
  bool was_open = link.is_open();
  if (medical_abandon && was_open) link.close();
  if (was_open) link.send_score(left, right);  // BUG: use-after-close
}

void finish_bout(PisteLink& link, int left, int right, bool abandoned) {
  if (abandoned && !link.closed()) link.close();
  if (!link.closed() || left == right) link.send_score(left, right);  // BUG: use-after-close
}

// Cassava processing line: root loads move from the intake hopper to the
// grater and the grated mash to the press over typed Channel<Msg> objects.
// send() on a closed channel throws, recv() may drain a closed channel, and
// close() throws when called twice. finish() is the idempotent wrapper used
// everywhere; hard_close() is the raw close kept for the press. Bugs: the late
// batch closes the grater channel before forwarding the intake into it, and
// the shift end hard-closes the press channel twice.
#include <deque>
#include <stdexcept>
#include <string>
#include <utility>

template <typename Msg>
class Channel {
 public:
  explicit Channel(std::string name) : name_(std::move(name)) {}

  void send(const Msg& m) {
    if (closed_) throw std::runtime_error(name_ + ": send on closed channel");
    buf_.push_back(m);
  }
  bool recv(Msg& out) {
    if (buf_.empty()) return false;
    out = buf_.front();
    buf_.pop_front();
    return true;
  }
  void close() {
    if (closed_) throw std::runtime_error(name_ + ": channel closed twice");
    closed_ = true;
  }
  bool is_closed() const { return closed_; }

 private:
  std::string name_;
  std::deque<Msg> buf_;
  bool closed_ = false;
};

template <typename Msg>
void forward_all(Channel<Msg>& from, Channel<Msg>& to) {
  Msg m{};
  while (from.recv(m)) to.send(m);  // SAME: forward
}

template <typename Msg>
void finish(Channel<Msg>& ch) {
  if (!ch.is_closed()) ch.close();
}

template <typename Msg>
void hard_close(Channel<Msg>& ch) {
  ch.close();  // SAME: hard
}

struct RootLoad {
  int hopper = 0;
  double kg = 0.0;
};
struct Mash {
  int hopper = 0;
  double litres = 0.0;
};

template <typename Msg>
void send_if_open(Channel<Msg>& ch, const Msg& m) {
  if (ch.is_closed()) return;
  ch.send(m);  // OK: checked just above
}

void shift_end() {
  Channel<RootLoad> intake("intake");
  Channel<RootLoad> grater("grater");
  Channel<Mash> press("press");
  intake.send(RootLoad{1, 40.0});
  finish(intake);
  forward_all(intake, grater);  // OK: only the source is closed; recv() may drain it
  finish(grater);
  finish(grater);  // OK: finish() checks is_closed()
  send_if_open(grater, RootLoad{1, 2.0});  // OK: helper checks is_closed()
  press.send(Mash{1, 12.5});
  hard_close(press);
  hard_close(press);  // BUG: double-close #hard
}

void late_batch() {
  Channel<RootLoad> intake("intake");
  Channel<RootLoad> grater("grater");
  intake.send(RootLoad{2, 35.0});
  intake.send(RootLoad{3, 28.0});
  finish(intake);
  finish(grater);  // moved up during a refactor of the shutdown order
  forward_all(intake, grater);  // BUG: use-after-close #forward
}

void press_cycle() {
  Channel<Mash> press("press");
  press.send(Mash{4, 9.0});
  hard_close(press);  // OK: the only close of this channel
  Mash m;
  while (press.recv(m)) {  // OK: recv() drains after close
  }
  Channel<Mash> next("press-2");
  next.send(Mash{5, 7.5});  // OK: a different channel
  finish(next);
}

// Shadow puppet troupe: lamp cues and screen moves travel on typed channels
// (Channel<Msg>) from the director's console to the rig, and puppets are borrowed
// from a fixed-size rack (Rack<T, N>). A channel throws once closed and throws when
// closed twice; drain_and_close() empties a channel and closes it. The director sends
// one more lamp cue after draining the lamp channel, and the encore drains the lamp
// channel a second time when the first drain came back empty. The rack's shutdown()
// is idempotent by design, but borrowing after striking the set throws.
#include <array>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <class Msg>
class Channel {
 public:
  void send(Msg m) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("channel closed");
    queue_.push_back(std::move(m));
  }

  std::optional<Msg> try_recv() {
    std::lock_guard<std::mutex> lk(mu_);
    if (queue_.empty()) return std::nullopt;
    Msg m = std::move(queue_.front());
    queue_.pop_front();
    return m;
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::logic_error("channel closed twice");
    closed_ = true;
  }

  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

 private:
  mutable std::mutex mu_;
  std::deque<Msg> queue_;
  bool closed_ = false;
};

template <class T>
std::vector<T> drain_and_close(Channel<T>& ch) {
  std::vector<T> out;
  while (auto m = ch.try_recv()) out.push_back(std::move(*m));
  ch.close();  // SAME: redrain
  return out;
}

template <class T, std::size_t N>
class Rack {
 public:
  T* borrow() {
    if (shut_) throw std::runtime_error("puppet rack shut");
    for (std::size_t i = 0; i < N; ++i) {
      if (!used_[i]) {
        used_[i] = true;
        return &slots_[i];
      }
    }
    return nullptr;
  }
  void shutdown() { shut_ = true; }  // idempotent: shutting a shut rack is a no-op

 private:
  std::array<T, N> slots_{};
  std::array<bool, N> used_{};
  bool shut_ = false;
};

struct LampCue {
  int lamp;
  int intensity;
};

struct ScreenMove {
  std::string puppet;
  int x;
  int y;
};

struct Puppet {
  std::string name;
};

void performance(std::vector<LampCue>& log) {
  Channel<LampCue> lamps;
  Channel<ScreenMove> moves;

  lamps.send({1, 80});
  moves.send({"Semar", 10, 20});

  log = drain_and_close(lamps);
  moves.send({"Arjuna", 30, 5});  // OK: only the lamp channel was drained and closed
  if (!lamps.closed()) lamps.send({2, 40});  // OK: checked
  lamps.send({2, 0});  // BUG: use-after-close
}

void encore(Channel<LampCue>& lamps, Channel<ScreenMove>& moves) {
  std::vector<LampCue> cues = drain_and_close(lamps);
  std::vector<ScreenMove> moved = drain_and_close(moves);  // OK: a different channel
  if (cues.empty()) {
    drain_and_close(lamps);  // BUG: double-close #redrain
  }
}

void strike_set() {
  Rack<Puppet, 4> rack;
  if (Puppet* p = rack.borrow()) p->name = "Arjuna";  // OK
  rack.shutdown();
  rack.shutdown();  // OK: Rack::shutdown is idempotent
  rack.borrow();  // BUG: use-after-close
}

// Gingerbread bakery: decorating commands for the icing-piping robot go
// through a Channel<PipeCmd>, glaze-oven settings through a Channel<GlazeCmd>.
// Channel<T>::send() throws once the channel is closed, while receive() keeps
// draining what was queued. finish_batch() closes whatever channel it is given;
// the decorating routine keeps sending roof patterns after finishing the batch,
// once directly and once through the send_all() helper.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <typename Msg>
class Channel {
 public:
  void send(Msg m) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("channel closed");
    q_.push_back(std::move(m));
    cv_.notify_one();
  }
  // Returns queued messages even after close(); nullopt once closed and empty.
  std::optional<Msg> receive() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !q_.empty(); });
    if (q_.empty()) return std::nullopt;
    Msg m = std::move(q_.front());
    q_.pop_front();
    return m;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
    cv_.notify_all();
  }
  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Msg> q_;
  bool closed_ = false;
};

template <typename Ch>
void finish_batch(Ch& ch) {
  ch.close();
}

template <typename Ch, typename Msg>
void send_all(Ch& ch, const std::vector<Msg>& msgs) {
  for (const auto& m : msgs) {
    ch.send(m);  // SAME: extras
  }
}

struct PipeCmd {
  int house;
  std::string pattern;
};
struct GlazeCmd {
  double celsius;
};

void decorate_village(Channel<PipeCmd>& piping, Channel<GlazeCmd>& glaze) {
  piping.send({1, "snow-roof"});
  finish_batch(piping);
  glaze.send({34.5});  // OK: a different channel
  auto leftover = piping.receive();  // OK: receive() drains queued commands after close
  if (leftover) glaze.send({35.0});
  piping.send({2, "candy-door"});  // BUG: use-after-close
}

void add_chimneys(Channel<PipeCmd>& piping, const std::vector<PipeCmd>& chimneys) {
  send_all(piping, chimneys);
  finish_batch(piping);
  send_all(piping, std::vector<PipeCmd>{{7, "smoke-swirl"}});  // BUG: use-after-close #extras
}

void late_sprinkles(Channel<PipeCmd>& piping) {
  if (!piping.closed()) piping.send({9, "sprinkles"});  // OK: guarded by closed()
}

void robot_shift(const std::vector<PipeCmd>& plan) {
  Channel<PipeCmd> piping;
  std::thread robot([&piping] {
    while (auto cmd = piping.receive()) {  // OK: receive() returns nullopt once drained
      (void)cmd->pattern;
    }
  });
  for (const auto& c : plan) piping.send(c);
  finish_batch(piping);
  robot.join();
}

// Ceilidh band cue system: the bandleader's foot-pedal thread posts tune
// changes into a Mailbox<Cue>, the fiddler's tablet thread receives them.
// Mailbox<T>::post() throws once the mailbox is closed; try_post() returns
// false instead; receive() keeps draining after close and returns false when
// closed and empty. This code is correct: the pedal thread is joined before
// the mailbox is closed, the caller-request path uses try_post() and checks
// the result, close_once() checks is_closed() so the interval and the end of
// the night can both call it, and the second half gets a new mailbox.
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <typename T>
class Mailbox {
 public:
  void post(T v) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("mailbox closed");
    q_.push_back(std::move(v));
    cv_.notify_one();
  }
  bool try_post(T v) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return false;
    q_.push_back(std::move(v));
    cv_.notify_one();
    return true;
  }
  bool receive(T& out) {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [&] { return closed_ || !q_.empty(); });
    if (q_.empty()) return false;
    out = std::move(q_.front());
    q_.pop_front();
    return true;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("mailbox closed twice");
    closed_ = true;
    cv_.notify_all();
  }
  bool is_closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> q_;
  bool closed_ = false;
};

template <typename Box>
void close_once(Box& b) {
  if (!b.is_closed()) b.close();  // OK: checked first
}

struct Cue {
  std::string tune;
  int bars = 32;
};

template <typename Box>
std::thread start_tablet(Box& box, std::vector<std::string>& played) {
  return std::thread([&box, &played] {
    Cue c;
    while (box.receive(c)) played.push_back(c.tune);  // OK: receive is allowed after close
  });
}

void play_half(Mailbox<Cue>& box, const std::vector<std::string>& tunes, std::vector<std::string>& played) {
  std::thread tablet = start_tablet(box, played);
  std::thread pedal([&box, &tunes] {
    for (const auto& t : tunes) box.post(Cue{t, 32});  // OK: pedal is joined before close
  });
  pedal.join();
  box.close();
  tablet.join();
}

bool caller_request(Mailbox<Cue>& box, const std::string& dance) {
  if (!box.try_post(Cue{dance, 48})) return false;  // OK: returns false once closed
  return true;
}

void ceilidh_night() {
  std::vector<std::string> played;
  auto first = std::make_unique<Mailbox<Cue>>();
  play_half(*first, {"Strip the Willow", "Gay Gordons"}, played);
  bool late = caller_request(*first, "Dashing White Sergeant");  // OK: try_post reports the closed box
  close_once(*first);  // OK: already closed, close_once checks

  first = std::make_unique<Mailbox<Cue>>();
  if (late) first->post(Cue{"Dashing White Sergeant", 48});
  first->post(Cue{"Orcadian Strip the Willow", 32});  // OK: a fresh mailbox for the second half
  play_half(*first, {"Canadian Barn Dance", "Eightsome Reel"}, played);
  close_once(*first);  // OK: no second close
}

// Game server match rooms built on a small Channel<T> template.
// Channel<T> semantics: send() throws ChannelClosed once the channel is
// closed; receive() keeps returning queued items after close() and returns
// std::nullopt when the channel is closed and empty; a second close() throws
// std::logic_error (closing twice is a lifecycle error in this codebase).
// Instantiated as Channel<MatchEvent> (consumed by the room's simulation
// thread), Channel<ChatLine> and Channel<std::string> (round audit trail).
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

struct ChannelClosed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename T> class Channel {
public:
  explicit Channel(std::string name) : name_(std::move(name)) {}

  void send(T value) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw ChannelClosed("send on closed channel " + name_);
    items_.push_back(std::move(value));
    cv_.notify_one();
  }

  std::optional<T> receive() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    return value;
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("channel " + name_ + " closed twice");
    closed_ = true;
    cv_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

private:
  std::string name_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct MatchEvent {
  std::string player;
  std::string action;
  int value = 0;
};
struct ChatLine {
  std::string player;
  std::string text;
};

class MatchRoom {
public:
  explicit MatchRoom(const std::string &id) : events_("events:" + id), chat_("chat:" + id) {}
  ~MatchRoom() {
    if (worker_.joinable()) {
      events_.close(); // OK: reached only when endMatch() did not get as far as closing events_
      worker_.join();
    }
  }

  void start() {
    worker_ = std::thread([this] {
      while (std::optional<MatchEvent> ev = events_.receive())
        score_ += ev->value;
    });
  }

  void playerAction(const MatchEvent &ev) {
    events_.send(ev); // SAME: late_input
  }

  void postChat(const ChatLine &line) {
    if (chat_.closed())
      return;
    chat_.send(line); // OK: closed() checked, chat is only touched from this thread
  }

  // A team forfeits: chat is locked at once, the simulation gets an event.
  void forfeit(const std::string &team) {
    chat_.close();
    events_.send({team, "forfeit", -1000});
  }

  void endMatch() {
    chat_.close(); // SAME: forfeit_chat
    events_.close();
    worker_.join();
  }

private:
  Channel<MatchEvent> events_;
  Channel<ChatLine> chat_;
  std::thread worker_;
  int score_ = 0;
};

void normalMatch() {
  MatchRoom room("m-78");
  room.start();
  room.playerAction({"p1", "capture", 3});
  room.postChat({"p2", "nice"});
  room.endMatch();
  room.playerAction({"p2", "capture", 1}); // BUG: use-after-close #late_input
}

void forfeitedMatch() {
  MatchRoom room("m-77");
  room.start();
  room.playerAction({"p1", "move", 0});
  room.forfeit("red");
  room.postChat({"p3", "gg"});
  room.endMatch(); // BUG: double-close #forfeit_chat
}

void roundAudit() {
  Channel<std::string> audit("audit:round-4");
  audit.send("round 4 start");
  audit.send("round 4 end");
  audit.close();
  while (std::optional<std::string> line = audit.receive()) // OK: receive() drains queued items after close
    std::printf("audit %s\n", line->c_str());
}

int main() {
  for (void (*scenario)() : {normalMatch, forfeitedMatch, roundAudit}) {
    try {
      scenario();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "match error: %s\n", e.what());
    }
  }
  return 0;
}

// Game server: a MatchChannel<Payload, Transport> template streams one kind
// of match data (scores, positions, chat) to the players of a match over a
// transport; it is instantiated with UdpTransport and RelayTransport.
// UdpTransport: send() throws std::runtime_error once closed; close() returns
// the port to the PortPool without any check, so a second close() hands the
// same port to two future matches (an error).
// RelayTransport: send() throws std::runtime_error once closed; close() is
// idempotent.
// MatchChannel: publish() after finish() or onClientDrop() throws (the
// transport is closed); the destructor closes the transport unless finish()
// already did, but onClientDrop() closes it without recording that.
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PortPool {
public:
  PortPool(int first, int count) {
    for (int i = 0; i < count; ++i)
      free_.push_back(first + i);
  }
  int acquire() {
    if (free_.empty())
      throw std::runtime_error("no free match ports");
    int p = free_.back();
    free_.pop_back();
    return p;
  }
  void release(int port) { free_.push_back(port); }

private:
  std::vector<int> free_;
};

class UdpTransport {
public:
  explicit UdpTransport(PortPool &pool) : pool_(pool), port_(pool.acquire()) {}
  UdpTransport(const UdpTransport &) = delete;
  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("udp port " + std::to_string(port_) + " closed: " + frame);
    ++frames_;
  }
  void close() {
    pool_.release(port_);
    closed_ = true;
  }

private:
  PortPool &pool_;
  int port_;
  long frames_ = 0;
  bool closed_ = false;
};

class RelayTransport {
public:
  explicit RelayTransport(std::string relay) : relay_(std::move(relay)) {}
  RelayTransport(const RelayTransport &) = delete;
  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("relay session " + relay_ + " closed: " + frame);
  }
  void close() { closed_ = true; }

private:
  std::string relay_;
  bool closed_ = false;
};

struct ScoreUpdate {
  int red, blue;
  std::string encode() const { return "S" + std::to_string(red) + ":" + std::to_string(blue); }
};
struct PlayerPosition {
  int player;
  float x, y;
  std::string encode() const { return "P" + std::to_string(player); }
};
struct ChatLine {
  std::string text;
  std::string encode() const { return "C" + text; }
};

template <typename Payload, typename Transport> class MatchChannel {
public:
  template <typename... Args>
  explicit MatchChannel(Args &&...args) : transport_(std::forward<Args>(args)...) {}
  ~MatchChannel() {
    if (!finished_)
      transport_.close(); // SAME: droptwice
  }
  void publish(const Payload &p) { transport_.send(p.encode()); }
  void finish() {
    transport_.send("match-over");
    transport_.close();
    finished_ = true;
  }
  // The last client of this stream disconnected: release the transport now.
  void onClientDrop() { transport_.close(); }
  bool finished() const { return finished_; }

private:
  Transport transport_;
  bool finished_ = false;
};

template <typename Channel, typename Payload>
void endRound(Channel &ch, const Payload &state, bool lastRound) {
  if (lastRound)
    ch.finish();
  ch.publish(state); // BUG: use-after-close
}

template <typename Channel> void finishOnce(Channel &ch) {
  if (!ch.finished())
    ch.finish(); // OK: guarded by finished()
}

int main() {
  PortPool ports(40000, 8);
  {
    MatchChannel<PlayerPosition, UdpTransport> positions(ports);
    positions.publish({1, 10.f, 4.5f});
    positions.onClientDrop();
  } // BUG: double-close #droptwice
  {
    MatchChannel<ChatLine, RelayTransport> chat("relay-eu-1");
    chat.publish({"gg wp"});
    chat.onClientDrop();
  } // OK: RelayTransport::close() is idempotent
  {
    MatchChannel<ScoreUpdate, UdpTransport> scores(ports);
    try {
      for (int round = 1; round <= 3; ++round)
        endRound(scores, ScoreUpdate{round, 3 - round}, round == 3);
    } catch (const std::exception &e) {
      std::cerr << e.what() << "\n";
    }
    if (!scores.finished())
      scores.publish({0, 0}); // OK: only runs while the channel is open
    finishOnce(scores);
  } // OK: the destructor skips a finished channel
  {
    MatchChannel<ScoreUpdate, RelayTransport> spectators("relay-us-2");
    spectators.publish({2, 1});
    finishOnce(spectators);
    finishOnce(spectators);
    try {
      spectators.publish({2, 1}); // BUG: use-after-close
    } catch (const std::exception &e) {
      std::cerr << e.what() << "\n";
    }
  }
  return 0;
}

// Mountain hut radio relay. The hut warden's handset queues messages (arrivals,
// weather notes, sign-off) that are relayed to the valley rescue station over a
// relay session. Closing the session ends the warden's watch at the station;
// ending it twice is refused. The day relay closes the session on SIGNOFF; the
// storm relay and the night relay read the same kind of queue.
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mountainhut {

enum class Kind { Arrival, Weather, SignOff };

struct RadioMsg {
  Kind kind = Kind::Weather;
  std::string text;
};

class RelaySession {
public:
  explicit RelaySession(std::string hut) : hut_(std::move(hut)) {}

  void send(const std::string &text) {
    if (ended_)
      throw std::runtime_error("relay session ended: " + hut_);
    ++sent_;
    last_ = text;
  }
  void close() {
    if (ended_)
      throw std::logic_error("watch already ended: " + hut_);
    ended_ = true;
  }
  int sent() const { return sent_; }

private:
  std::string hut_;
  std::string last_;
  int sent_ = 0;
  bool ended_ = false;
};

void relayDay(RelaySession &relay, const std::vector<RadioMsg> &queue) {
  for (const RadioMsg &m : queue) {
    switch (m.kind) {
    case Kind::SignOff:
      relay.close(); // BUG: double-close
      break;
    case Kind::Arrival:
      relay.send("ARR " + m.text); // BUG: use-after-close
      break;
    case Kind::Weather:
      relay.send("WX " + m.text); // BUG: use-after-close
      break;
    }
  }
}

void relayStorm(RelaySession &relay, const std::vector<RadioMsg> &queue) {
  for (const RadioMsg &m : queue) {
    if (m.kind == Kind::SignOff) {
      relay.send("WATCH END " + m.text); // OK
      relay.close(); // OK
      return;
    }
    relay.send((m.kind == Kind::Arrival ? "ARR " : "WX ") + m.text); // OK
  }
}

void relayNight(RelaySession &relay, const std::vector<RadioMsg> &queue) {
  std::once_flag ended;
  bool signedOff = false;
  for (const RadioMsg &m : queue) {
    if (m.kind == Kind::SignOff) {
      std::call_once(ended, [&relay] { relay.close(); }); // OK
      signedOff = true;
      continue;
    }
    if (signedOff)
      continue;
    relay.send("NIGHT " + m.text); // OK
  }
}

} // namespace mountainhut

// Truffle hunting: each dog wears a GPS collar that streams its track to the
// forager's tablet. The tablet pauses a collar while the dog is digging (to
// save battery) and resumes it afterwards; a collar whose battery runs low
// is closed for the day. resume() only restarts a paused stream: for a
// closed collar it returns straight away and the collar stays closed.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace truffle {

struct Fix {
  double lat;
  double lon;
};

class CollarStream {
public:
  explicit CollarStream(std::string dog) : dog_(std::move(dog)) {}

  void sendFix(const Fix &fix) {
    if (state_ == State::Closed)
      throw std::runtime_error("collar stream for " + dog_ + " is closed");
    if (state_ == State::Paused)
      return;
    track_.push_back(fix);
  }

  void pause() {
    if (state_ == State::Streaming)
      state_ = State::Paused;
  }

  void resume() {
    if (state_ == State::Closed)
      return;
    state_ = State::Streaming;
  }

  void close() {
    state_ = State::Closed;
    track_.clear();
  }

  bool streaming() const { return state_ == State::Streaming; }
  bool isClosed() const { return state_ == State::Closed; }

private:
  enum class State { Streaming, Paused, Closed };
  std::string dog_;
  std::vector<Fix> track_;
  State state_ = State::Streaming;
};

void digSite(CollarStream &collar, const Fix &where) {
  collar.pause();
  collar.resume();
  collar.sendFix(where); // OK: pause/resume, the stream was never closed
}

void endOfDig(CollarStream &collar, const Fix &where, int batteryPct) {
  collar.pause();
  if (batteryPct < 15)
    collar.close();
  collar.resume();
  collar.sendFix(where); // BUG: use-after-close
}

void afterLunch(std::map<std::string, CollarStream> &pack, const Fix &car) {
  for (auto &entry : pack) {
    entry.second.resume();
    if (entry.second.streaming())
      entry.second.sendFix(car); // OK: resume() left closed collars closed, streaming() says so
  }
}

void lowBatterySweep(std::map<std::string, CollarStream> &pack, const std::map<std::string, int> &battery) {
  for (auto &entry : pack) {
    if (entry.second.isClosed())
      continue;
    auto b = battery.find(entry.first);
    if (b != battery.end() && b->second < 15) {
      entry.second.close();
      continue;
    }
    entry.second.sendFix({44.81, 1.23}); // OK: collars closed now or earlier are skipped
  }
}

} // namespace truffle

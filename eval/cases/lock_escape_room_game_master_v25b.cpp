// Escape room game-master console. A prop thread turns puzzle-prop triggers
// into hint-screen messages and a replay log entry; a clock thread pushes the
// countdown to the hint screen once a second. endGame() marks the game over
// and closes the hint screen channel under the same mutex both threads hold
// while they check that mark and send, and closes the replay log only after
// the prop thread (its only writer) has been joined. No send can reach a
// closed channel.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "messaging.h"

struct PropEvent {
  std::string prop;
  bool solved = false;
};

class RoomConsole {
public:
  explicit RoomConsole(int minutes) : secondsLeft_(minutes * 60) {
    propThread_ = std::thread([this] { propLoop(); });
    clockThread_ = std::thread([this] { clockLoop(); });
  }
  ~RoomConsole() { endGame(false); }

  void onTrigger(PropEvent ev) {
    std::lock_guard<std::mutex> lock(propMu_);
    props_.push_back(std::move(ev));
    propCv_.notify_one();
  }

  void giveHint(const std::string &text) {
    std::lock_guard<std::mutex> lock(screenMu_);
    if (over_)
      return;
    screen_.send("HINT " + text); // OK
  }

  void endGame(bool escaped) {
    {
      std::lock_guard<std::mutex> lock(screenMu_);
      if (over_)
        return;
      over_ = true;
      screen_.send(escaped ? "YOU ESCAPED" : "TIME IS UP");
      screen_.close(); // OK
    }
    {
      std::lock_guard<std::mutex> lock(propMu_);
      stopping_ = true;
    }
    propCv_.notify_all();
    propThread_.join();
    clockThread_.join();
    replay_.close(); // OK
  }

private:
  void propLoop() {
    for (;;) {
      PropEvent ev;
      {
        std::unique_lock<std::mutex> lock(propMu_);
        propCv_.wait(lock, [this] { return stopping_ || !props_.empty(); });
        if (props_.empty())
          return;
        ev = std::move(props_.front());
        props_.pop_front();
      }
      replay_.send(ev.prop + (ev.solved ? " solved" : " touched")); // OK
      if (!ev.solved)
        continue;
      std::lock_guard<std::mutex> lock(screenMu_);
      if (over_)
        continue;
      screen_.send("SOLVED " + ev.prop); // OK
    }
  }

  void clockLoop() {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::seconds(1));
      std::lock_guard<std::mutex> lock(screenMu_);
      if (over_)
        return;
      if (secondsLeft_ > 0)
        --secondsLeft_;
      screen_.send("CLOCK " + std::to_string(secondsLeft_)); // OK
    }
  }

  EventChannel screen_;
  EventChannel replay_;
  std::mutex screenMu_;
  bool over_ = false;
  int secondsLeft_;

  std::mutex propMu_;
  std::condition_variable propCv_;
  std::deque<PropEvent> props_;
  bool stopping_ = false;

  std::thread propThread_;
  std::thread clockThread_;
};

// Karaoke bar: each private room has a lyrics screen. The room session owns
// the screen through a shared_ptr; the song player holds callbacks that draw
// the next lyric line and the singer's score. When a booking ends the
// session closes its screen, but the track keeps playing to its end; a new
// booking of the same room gives the session a fresh screen, while the
// player's line callback still holds a copy of the old one.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace karaoke {

class LyricsScreen {
public:
  explicit LyricsScreen(std::string room) : room_(std::move(room)) {}

  void showLine(const std::string &text) {
    if (!open_)
      throw std::runtime_error("lyrics screen for " + room_ + " is closed");
    current_ = text;
  }
  void showScore(int points) {
    if (!open_)
      throw std::runtime_error("lyrics screen for " + room_ + " is closed");
    score_ = points;
  }
  void close() {
    open_ = false;
    current_.clear();
  }
  bool isOpen() const { return open_; }

private:
  std::string room_;
  std::string current_;
  int score_ = 0;
  bool open_ = true;
};

class SongPlayer {
public:
  void onLine(std::function<void(const std::string &)> hook) { lineHooks_.push_back(std::move(hook)); }
  void onScore(std::function<void(int)> hook) { scoreHooks_.push_back(std::move(hook)); }

  void tick(const std::string &line, int points) {
    for (auto &hook : lineHooks_)
      hook(line);
    for (auto &hook : scoreHooks_)
      hook(points);
  }

private:
  std::vector<std::function<void(const std::string &)>> lineHooks_;
  std::vector<std::function<void(int)>> scoreHooks_;
};

class RoomSession {
public:
  RoomSession(std::string room, SongPlayer &player)
      : room_(std::move(room)), screen_(std::make_shared<LyricsScreen>(room_)), player_(player) {}

  void attach() {
    std::shared_ptr<LyricsScreen> screen = screen_;
    player_.onLine([screen](const std::string &line) {
      screen->showLine(line); // SAME: karaoke-line
    });
    std::weak_ptr<LyricsScreen> weak = screen_;
    player_.onScore([weak](int points) {
      if (auto live = weak.lock(); live && live->isOpen())
        live->showScore(points); // OK: lock() alone would not do, isOpen() is checked too
    });
  }

  void endBooking() { screen_->close(); }

  void rebook(const std::string &guest) {
    screen_ = std::make_shared<LyricsScreen>(room_);
    screen_->showLine("Welcome, " + guest); // OK: a fresh screen
  }

private:
  std::string room_;
  std::shared_ptr<LyricsScreen> screen_;
  SongPlayer &player_;
};

void fridayNight(SongPlayer &player) {
  RoomSession room3("room 3", player);
  room3.attach();
  player.tick("Is this the real life?", 40);
  room3.endBooking();
  room3.rebook("Dana"); // OK
  player.tick("Is this just fantasy?", 55); // BUG: use-after-close #karaoke-line
}

} // namespace karaoke

// Bowling centre lane controller: a pinsetter thread reads the pin-deck
// sensor after every ball and pushes frame scores to the front-desk scoring
// server; the lane is closed from the desk when a game ends or the lane is
// taken out of service.
#include "netconn.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

struct BallResult {
  int frame = 1;
  int ball = 1;
  int pinsDown = 0;
  bool foul = false;
};

class LaneController {
public:
  LaneController(int lane, std::string scoringEndpoint,
                 std::function<BallResult()> readPinDeck)
      : lane_(lane), desk_(std::move(scoringEndpoint)),
        readPinDeck_(std::move(readPinDeck)) {}
  ~LaneController();

  void startGame(const std::string &bowlers);
  void closeLane(const std::string &reason);
  void sendMaintenanceNote(const std::string &note);
  int lane() const { return lane_; }

private:
  void pinsetterLoop();
  std::string formatBall(const BallResult &b) const;

  int lane_;
  std::mutex deskMutex_;
  net::Connection desk_;
  std::function<BallResult()> readPinDeck_;
  std::thread pinsetter_;
  std::atomic<bool> running_{false};
};

std::string LaneController::formatBall(const BallResult &b) const {
  char buf[80];
  std::snprintf(buf, sizeof buf, "LANE %d F%d B%d pins=%d%s", lane_, b.frame,
                b.ball, b.pinsDown, b.foul ? " FOUL" : "");
  return buf;
}

void LaneController::pinsetterLoop() {
  while (running_.load()) {
    BallResult b = readPinDeck_();
    {
      std::lock_guard<std::mutex> lock(deskMutex_);
      desk_.send(formatBall(b)); // BUG: use-after-close #lane_close_race
    }
    if (b.frame == 10 && b.ball == 3)
      running_ = false;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

void LaneController::startGame(const std::string &bowlers) {
  desk_.send("LANE " + std::to_string(lane_) + " START " + bowlers);
  desk_.flush();
  running_ = true;
  pinsetter_ = std::thread(&LaneController::pinsetterLoop, this);
}

void LaneController::closeLane(const std::string &reason) {
  running_ = false;
  {
    std::lock_guard<std::mutex> lock(deskMutex_);
    desk_.send("LANE " + std::to_string(lane_) + " CLOSED " + reason);
    desk_.close(); // SAME: lane_close_race
  }
  if (pinsetter_.joinable())
    pinsetter_.join();
}

void LaneController::sendMaintenanceNote(const std::string &note) {
  std::lock_guard<std::mutex> lock(deskMutex_);
  if (desk_.isClosed()) {
    std::fprintf(stderr, "lane %d: desk link closed, note dropped: %s\n",
                 lane_, note.c_str());
    return;
  }
  desk_.send("LANE " + std::to_string(lane_) + " NOTE " + note); // OK
}

LaneController::~LaneController() {
  running_ = false;
  if (pinsetter_.joinable())
    pinsetter_.join();
  desk_.close(); // OK
}

void outOfService(LaneController &lane, const std::string &why) {
  lane.closeLane(why);
  lane.sendMaintenanceNote("out of service: " + why); // OK
}

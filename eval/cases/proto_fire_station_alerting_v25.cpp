// Fire station alerting: the dispatch centre's incident messages drive the
// station's alerting board - zone tones, apparatus bay lights and a PA
// announcement. When the station is taken out of service (stand-down for
// maintenance) the board is closed and its bay lights are put back to the
// normal pattern; a station back in service gets a fresh board.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace station {

enum class Bay { Engine, Ladder, Rescue, Medic };
enum class LightPattern { Normal, Alert, Clear };

struct Incident {
  std::string number;
  std::string type;
  std::string address;
  std::vector<Bay> units;
};

class AlertBoard {
public:
  explicit AlertBoard(std::string stationId) : station_(std::move(stationId)) {}

  void tone(int zone);
  void lights(Bay bay, LightPattern p);
  void announce(const std::string &text);
  void close();
  bool isClosed() const { return closed_; }

private:
  void checkOpen(const char *what) const {
    if (closed_)
      throw std::runtime_error("alert board " + station_ + " closed, cannot " + what);
  }

  std::string station_;
  std::vector<std::string> log_;
  bool closed_ = false;
};

void AlertBoard::tone(int zone) {
  checkOpen("tone");
  log_.push_back("tone " + std::to_string(zone));
}

void AlertBoard::lights(Bay bay, LightPattern p) {
  checkOpen("set lights");
  log_.push_back("bay " + std::to_string(static_cast<int>(bay)) + " " +
                 std::to_string(static_cast<int>(p)));
}

void AlertBoard::announce(const std::string &text) {
  checkOpen("announce");
  log_.push_back("pa " + text);
}

void AlertBoard::close() {
  if (closed_)
    return;
  closed_ = true;
  log_.clear();
}

static void resetBayLights(AlertBoard &board) {
  for (Bay b : {Bay::Engine, Bay::Ladder, Bay::Rescue, Bay::Medic})
    board.lights(b, LightPattern::Normal); // SAME: lights
}

void handleDispatch(AlertBoard &board, const Incident &inc) {
  if (board.isClosed())
    return;
  board.tone(inc.units.size() > 1 ? 2 : 1); // OK
  for (Bay b : inc.units)
    board.lights(b, LightPattern::Alert); // OK
  board.announce(inc.type + " at " + inc.address);
}

void clearIncident(AlertBoard &board, const Incident &inc) {
  for (Bay b : inc.units)
    board.lights(b, LightPattern::Clear);
  resetBayLights(board);
}

void standDown(AlertBoard &board, const std::string &reason) {
  board.announce("station out of service: " + reason);
  board.close();
  resetBayLights(board); // BUG: use-after-close #lights
}

std::unique_ptr<AlertBoard> returnToService(std::unique_ptr<AlertBoard> old,
                                            const std::string &stationId) {
  old->close(); // OK
  auto board = std::make_unique<AlertBoard>(stationId);
  resetBayLights(*board); // OK
  board->announce("station back in service"); // OK
  return board;
}

} // namespace station

// Carillon tower automation: a StrikerBus drives the solenoid strikers of the
// bells and refuses any strike or second release once released (it throws).
// ChangeRinger plays method changes; on a striker fault it releases the bus
// but still tolls the tenor through a helper. ringService() releases the bus
// before archiving the peal and releases it again in the catch handler when
// archiving throws. Practice chimes use their own bus, and a fresh bus is
// constructed after a release before anything strikes again.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class StrikerBus {
public:
  explicit StrikerBus(std::string port) : port_(std::move(port)) {}
  void strike(int bell, int velocity);
  void release();
  bool isReleased() const { return state_ == State::Released; }

private:
  enum class State { Armed, Released };
  std::string port_;
  State state_ = State::Armed;
  std::vector<int> lastStruck_;
};

class PealArchive {
public:
  void store(const std::vector<int> &rows);
};

class ChangeRinger {
public:
  ChangeRinger(StrikerBus &bus, PealArchive &archive)
      : bus_(bus), archive_(archive) {}
  void playChanges(const std::vector<std::vector<int>> &rows);
  void ringService(const std::vector<std::vector<int>> &rows);
  void chimeHour(int hour);

private:
  void tollTenor(int strokes);
  bool strikerFault(int bell) const { return bell > 23; }

  StrikerBus &bus_;
  PealArchive &archive_;
  std::vector<int> played_;
};

void StrikerBus::strike(int bell, int velocity) {
  if (state_ == State::Released)
    throw std::runtime_error("striker bus released: " + port_);
  lastStruck_.push_back(bell * 1000 + velocity);
}

void StrikerBus::release() {
  if (state_ == State::Released)
    throw std::runtime_error("striker bus already released: " + port_);
  state_ = State::Released;
  lastStruck_.clear();
}

void PealArchive::store(const std::vector<int> &rows) {
  if (rows.size() > 5040)
    throw std::runtime_error("peal longer than an extent");
}

void ChangeRinger::tollTenor(int strokes) {
  for (int i = 0; i < strokes; ++i)
    bus_.strike(23, 90); // SAME: tenor
}

void ChangeRinger::playChanges(const std::vector<std::vector<int>> &rows) {
  bool faulted = false;
  for (const std::vector<int> &row : rows) {
    for (int bell : row) {
      if (strikerFault(bell)) {
        bus_.release();
        faulted = true;
        break;
      }
      bus_.strike(bell, 70);
      played_.push_back(bell);
    }
    if (faulted)
      break;
  }
  tollTenor(3); // BUG: use-after-close #tenor
}

void ChangeRinger::ringService(const std::vector<std::vector<int>> &rows) {
  try {
    for (const std::vector<int> &row : rows)
      for (int bell : row)
        bus_.strike(bell, 60);
    bus_.release();
    archive_.store(played_);
  } catch (const std::exception &) {
    bus_.release(); // BUG: double-close
    throw;
  }
}

void ChangeRinger::chimeHour(int hour) {
  if (bus_.isReleased())
    return;
  for (int i = 0; i < hour % 12; ++i)
    bus_.strike(23, 80); // OK: returned above if released
}

int main() {
  StrikerBus tower("/dev/ttyS2");
  PealArchive archive;
  ChangeRinger ringer(tower, archive);
  ringer.chimeHour(9);
  ringer.playChanges({{1, 2, 3, 4}, {2, 1, 4, 3}});
  tower.release();
  ringer.chimeHour(10); // OK: chimeHour() checks isReleased()

  StrikerBus practice("/dev/ttyS3");
  practice.strike(5, 40); // OK: a different bus from the released one
  practice.release();

  tower = StrikerBus("/dev/ttyS2");
  tower.strike(1, 50); // OK: replaced by a fresh bus
  ringer.ringService({{1, 2, 3, 4, 5, 6}});
  return 0;
}

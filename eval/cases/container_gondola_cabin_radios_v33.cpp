// Ski-lift gondola radio net: one CabinRadio per cabin, kept in a std::map by cabin
// number. stormProcedure() closes the exposed cabin's radio by key and then
// broadcasts to every cabin, including the closed one; closeStation() closes the
// station's cabins by key and then closes every radio in the map again. The
// evening close, wind warning and hand-over paths skip or replace closed radios.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

class CabinRadio {
public:
  explicit CabinRadio(int cabin) : cabin_(cabin) {}
  void announce(const std::string &text);
  void close();
  bool isOpen() const { return open_; }

private:
  int cabin_;
  bool open_ = true;
  std::vector<std::string> sent_;
};

void CabinRadio::announce(const std::string &text) {
  if (!open_)
    throw std::runtime_error("cabin " + std::to_string(cabin_) + ": radio closed");
  sent_.push_back(text);
}

void CabinRadio::close() {
  if (!open_)
    throw std::runtime_error("cabin " + std::to_string(cabin_) + ": radio already closed");
  open_ = false;
}

class LiftRadioNet {
public:
  void addCabin(int id) { radios_.emplace(id, CabinRadio(id)); }
  void windWarning();
  void handOver(int from, int to);
  void stormProcedure(int exposedCabin);
  void closeStation(const std::vector<int> &stationCabins);
  void eveningClose();

private:
  std::map<int, CabinRadio> radios_;
};

void LiftRadioNet::windWarning() {
  for (auto &[id, radio] : radios_) {
    if (!radio.isOpen())
      continue;
    radio.announce("wind gusts, stay seated"); // OK: closed radios are skipped
  }
}

void LiftRadioNet::handOver(int from, int to) {
  if (from == to)
    return;
  CabinRadio &old = radios_.at(from);
  if (!old.isOpen())
    return;
  old.announce("handing over the line");
  old.close();
  radios_.at(to).announce("you are now lead cabin"); // OK: a different cabin, from != to
}

void LiftRadioNet::stormProcedure(int exposedCabin) {
  radios_.at(exposedCabin).close();
  for (auto &[id, radio] : radios_)
    radio.announce("storm: lift stopping, stay calm"); // BUG: use-after-close
}

void LiftRadioNet::closeStation(const std::vector<int> &stationCabins) {
  for (int id : stationCabins)
    radios_.at(id).close();
  for (auto &[id, radio] : radios_)
    radio.close(); // BUG: double-close
  radios_.clear();
}

void LiftRadioNet::eveningClose() {
  for (auto &[id, radio] : radios_) {
    if (!radio.isOpen())
      continue;
    radio.announce("last ride of the day"); // OK: announced before this radio's close
    radio.close(); // OK: each open radio is closed once
  }
  radios_.clear();
}

int main() {
  LiftRadioNet valley;
  for (int cabin = 1; cabin <= 6; ++cabin)
    valley.addCabin(cabin);
  valley.handOver(1, 2);
  valley.windWarning();
  valley.eveningClose();

  LiftRadioNet summit;
  for (int cabin = 20; cabin <= 24; ++cabin)
    summit.addCabin(cabin);
  summit.closeStation({21, 22});

  LiftRadioNet ridge;
  ridge.addCabin(40);
  ridge.addCabin(41);
  ridge.stormProcedure(40);
  return 0;
}

// Indoor karting track: every kart carries a lap transponder; the timing desk
// keeps the active karts of a heat in a vector and the karts parked in the
// pit lane in a map by kart number. A heat ends by closing every transponder
// and posting the lap counts; a kart whose battery pack is swapped gets its
// transponder closed and re-registered under the same number.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace karting {

class Transponder {
public:
  explicit Transponder(int kart) : kart_(kart) {}
  void ping() {
    if (closed_)
      throw std::runtime_error("transponder " + std::to_string(kart_) + " closed");
    ++laps_;
  }
  int lapCount() const {
    if (closed_)
      throw std::runtime_error("transponder " + std::to_string(kart_) + " closed");
    return laps_;
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }
  int kart() const { return kart_; }

private:
  int kart_;
  int laps_ = 0;
  bool closed_ = false;
};

class Scoreboard {
public:
  void post(int kart, int laps);
};

void endHeat(std::vector<Transponder> &heat, Scoreboard &board) {
  for (Transponder &t : heat)
    t.close();
  for (const Transponder &t : heat)
    board.post(t.kart(), t.lapCount()); // BUG: use-after-close
}

void endFinal(std::vector<Transponder> &heat, Scoreboard &board) {
  for (Transponder &t : heat) {
    board.post(t.kart(), t.lapCount()); // OK
    t.close();
  }
}

void swapBattery(std::map<int, Transponder> &pit, int kart) {
  auto it = pit.find(kart);
  if (it == pit.end())
    return;
  it->second.close();
  pit.erase(it);
  auto fresh = pit.emplace(kart, Transponder(kart)).first;
  fresh->second.ping(); // OK: new transponder under the same number
}

void lendTransponder(std::map<int, Transponder> &pit, int from, int to) {
  if (from == to)
    return;
  Transponder &donor = pit.at(from);
  donor.close();
  pit.at(to).ping(); // OK: a different kart
  donor.ping(); // BUG: use-after-close
}

void parkAll(std::map<int, Transponder> &pit) {
  for (auto &entry : pit)
    if (!entry.second.isClosed())
      entry.second.close(); // OK
}

} // namespace karting

// Catch handling on a stern trawler. Fish boxes, ice blocks and the skipper's
// logbook notes are each kept in a Hold<T>: items are stowed while the hold is
// open, the hold is sealed when it is full or when the vessel turns for port,
// and a sealed hold is unloaded at the fish market.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <class T> class Hold {
public:
  Hold(std::string name, std::size_t capacity) : name_(std::move(name)), capacity_(capacity) {}

  void stow(T item);
  void seal();
  bool sealed() const { return sealed_; }
  bool full() const { return items_.size() >= capacity_; }
  std::size_t size() const { return items_.size(); }

  template <class F> void unload(F &&f) {
    if (!sealed_)
      throw std::logic_error(name_ + ": unload of an open hold");
    for (T &item : items_)
      f(std::move(item));
    items_.clear();
  }

private:
  std::string name_;
  std::size_t capacity_;
  std::vector<T> items_;
  bool sealed_ = false;
};

template <class T> void Hold<T>::stow(T item) {
  if (sealed_)
    throw std::logic_error(name_ + " is sealed");
  items_.push_back(std::move(item));
}

template <class T> void Hold<T>::seal() {
  if (sealed_)
    throw std::logic_error(name_ + " sealed twice");
  sealed_ = true;
}

struct FishBox {
  std::string species;
  double kg;
  int haul;
};

struct IceBlock {
  double kg;
};

class TrawlTrip {
public:
  TrawlTrip() : fish_("fish hold", 400), ice_("ice room", 120), log_("logbook", 1000) {}

  void loadIce(int blocks, double kgEach);
  void haul(int n, const std::vector<FishBox> &boxes);
  void turnForPort();
  double land();

private:
  Hold<FishBox> fish_;
  Hold<IceBlock> ice_;
  Hold<std::string> log_;
};

void TrawlTrip::loadIce(int blocks, double kgEach) {
  for (int i = 0; i < blocks && !ice_.full(); ++i)
    ice_.stow(IceBlock{kgEach});
  log_.stow("loaded " + std::to_string(ice_.size()) + " ice blocks");
}

void TrawlTrip::haul(int n, const std::vector<FishBox> &boxes) {
  log_.stow("haul " + std::to_string(n) + ": " + std::to_string(boxes.size()) + " boxes");
  for (const FishBox &b : boxes) {
    if (fish_.full() && !fish_.sealed()) {
      fish_.seal();
      log_.stow("fish hold full at haul " + std::to_string(n)); // OK
    }
    fish_.stow(b); // BUG: use-after-close
  }
}

void TrawlTrip::turnForPort() {
  if (!fish_.sealed())
    fish_.seal(); // OK
  ice_.seal();
  log_.stow("turned for port"); // OK
  log_.seal();
}

double TrawlTrip::land() {
  double kg = 0.0;
  fish_.unload([&kg](FishBox b) { kg += b.kg; });
  ice_.unload([](IceBlock) {});
  std::vector<std::string> lines;
  log_.unload([&lines](std::string s) { lines.push_back(std::move(s)); });
  log_.seal(); // BUG: double-close
  return kg;
}

double fishingTrip(const std::vector<std::vector<FishBox>> &hauls) {
  TrawlTrip trip;
  trip.loadIce(80, 25.0);
  int n = 0;
  for (const auto &boxes : hauls)
    trip.haul(++n, boxes);
  trip.turnForPort();
  return trip.land();
}

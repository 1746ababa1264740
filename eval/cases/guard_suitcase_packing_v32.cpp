// Holiday packing assistant (negative): the family's packing list is the
// app's own class with an enum state; add() throws once the list is sealed
// (closed). Every caller guards the way the app's authors write guards: an
// early return on the state, a stored good() query, a while loop on closed(),
// and a null pointer after the printed checklist's stdio stream is closed.
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

class PackingList {
public:
  enum class State { Open, Sealed };

  void add(const std::string &item) {
    if (state_ == State::Sealed)
      throw std::runtime_error("packing list sealed");
    items_.push_back(item);
  }
  void seal() { state_ = State::Sealed; }
  State state() const { return state_; }
  bool good() const { return state_ == State::Open; }
  bool closed() const { return state_ == State::Sealed; }
  const std::vector<std::string> &items() const { return items_; }

private:
  std::vector<std::string> items_;
  State state_ = State::Open;
};

void addForecastItems(PackingList &list, int forecastHighC) {
  if (list.state() == PackingList::State::Sealed)
    return;
  list.add(forecastHighC > 25 ? "sunscreen" : "rain jacket"); // OK: early return on the sealed state
}

void addChargers(PackingList &list, int devices) {
  bool ok = list.good();
  if (!ok)
    return;
  for (int i = 0; i < devices; ++i)
    list.add("charger"); // OK: the stored query was taken with no seal in between
}

void drainSuggestions(PackingList &list, std::deque<std::string> &suggestions) {
  while (!list.closed() && !suggestions.empty()) {
    list.add(suggestions.front()); // OK: the loop condition checks closed()
    suggestions.pop_front();
    if (list.items().size() >= 40)
      list.seal();
  }
}

void printChecklist(const PackingList &list, const std::string &path) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (out == nullptr)
    return;
  for (const std::string &item : list.items()) {
    if (std::fprintf(out, "[ ] %s\n", item.c_str()) < 0) {
      std::fclose(out);
      out = nullptr;
      break;
    }
  }
  if (out != nullptr) {
    std::fputs("-- passports, tickets, keys --\n", out); // OK: out is nulled when it is closed early
    std::fclose(out); // OK: the early close nulled the pointer
  }
}

void departureMorning(PackingList &list, std::deque<std::string> &ideas) {
  addForecastItems(list, 28);
  drainSuggestions(list, ideas);
  addChargers(list, 3);
  list.seal();
  addForecastItems(list, 12); // OK: returns early on the sealed list
  printChecklist(list, "checklist.txt");
}

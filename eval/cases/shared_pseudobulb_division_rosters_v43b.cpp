// Division rosters for an orchid collection: when a plant is divided, each
// back-bulb division is written to the roster of its grower. A roster is a
// FILE* held by std::shared_ptr whose deleter fcloses it; the same roster is
// indexed by grower and by greenhouse, so both containers hold copies.
// Removing a grower from one index must not close a roster still reachable
// through the other.
#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace division {

using Roster = std::shared_ptr<FILE>;

static void close_roster(FILE *fp) {
  if (fp)
    std::fclose(fp); // BUG: double-close
}

static Roster open_roster(const std::string &path) {
  FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return nullptr;
  return Roster(fp, close_roster);
}

struct GrowerRoster {
  std::string grower;
  Roster roster;
};

class DivisionBook {
public:
  void add_grower(const std::string &grower, const std::string &house) {
    Roster r = open_roster("/srv/collection/rosters/" + grower + ".txt");
    if (!r)
      return;
    by_grower_.push_back({grower, r});
    by_house_[house] = r;
  }

  void record(const std::string &house, const std::string &plant, int bulbs) {
    auto it = by_house_.find(house);
    if (it == by_house_.end() || !it->second)
      return;
    std::fprintf(it->second.get(), "%s: %d back-bulbs\n", plant.c_str(), bulbs); // SAME: house
  }

  // A grower leaves; the greenhouse keeps writing to the roster until it is
  // reassigned.
  void remove_grower(const std::string &grower) {
    by_grower_.erase(std::remove_if(by_grower_.begin(), by_grower_.end(),
                                    [&](const GrowerRoster &g) { return g.grower == grower; }),
                     by_grower_.end());
  }

  // Archive a grower's roster: flush it to disk and release it.
  void archive_grower(const std::string &grower) {
    for (auto it = by_grower_.begin(); it != by_grower_.end(); ++it) {
      if (it->grower != grower)
        continue;
      std::fflush(it->roster.get());
      std::fclose(it->roster.get());
      by_grower_.erase(it);
      return;
    }
  }

  void reassign_house(const std::string &house, const std::string &grower) {
    for (const GrowerRoster &g : by_grower_)
      if (g.grower == grower)
        by_house_[house] = g.roster;
  }

  void stamp_all(const std::string &date) {
    for (const GrowerRoster &g : by_grower_)
      std::fprintf(g.roster.get(), "# %s\n", date.c_str()); // OK: each copy still owns its FILE
  }

private:
  std::vector<GrowerRoster> by_grower_;
  std::map<std::string, Roster> by_house_;
};

void season_change(DivisionBook &book) {
  book.add_grower("okafor", "house-3");
  book.add_grower("lindqvist", "house-4");
  book.remove_grower("okafor");
  book.record("house-3", "Dendrobium kingianum", 4); // OK: house-3 still holds a copy
  book.archive_grower("lindqvist");
  book.record("house-4", "Cymbidium lowianum", 3); // BUG: use-after-close #house
  book.reassign_house("house-4", "okafor");
  book.stamp_all("2024-03-01");
}

} // namespace division

// Weekly meal-prep planner (negative): the week's recipes are read from a
// recipe box file and the shopping list and freezer labels are written with
// std::ofstream. Each stream is closed and then either reopened with open()
// before it is written again, guarded by is_open(), or left alone; the
// reader closes early on a bad line and the loop stops on that path.
#include <fstream>
#include <map>
#include <string>
#include <vector>

struct Recipe {
  std::string name;
  std::map<std::string, int> grams;
  int portions;
};

std::vector<Recipe> loadRecipeBox(const std::string &path) {
  std::vector<Recipe> box;
  std::ifstream in(path);
  std::string name;
  int portions = 0;
  while (in.is_open() && in >> name >> portions) { // OK: the loop checks is_open()
    if (portions <= 0) {
      in.close();
      continue;
    }
    box.push_back(Recipe{name, {}, portions});
  }
  return box;
}

void writeShoppingList(const std::vector<Recipe> &week, const std::string &path) {
  std::map<std::string, int> total;
  for (const Recipe &r : week)
    for (const auto &item : r.grams)
      total[item.first] += item.second;

  std::ofstream list(path);
  for (const auto &item : total)
    list << item.first << ": " << item.second << " g\n";
  list.close();

  list.open(path + ".pantry", std::ios::app);
  list << "check pantry before shopping\n"; // OK: reopened with open()
  list.close();
}

void printFreezerLabels(const std::vector<Recipe> &week, const std::string &path, bool labelPrinterOnline) {
  std::ofstream labels(path);
  if (!labelPrinterOnline)
    labels.close();
  for (const Recipe &r : week) {
    if (!labels.is_open())
      break;
    labels << r.name << " x" << r.portions << '\n'; // OK: guarded by is_open()
  }
  if (labels.is_open())
    labels.close(); // OK: closed only while still open
}

void planWeek(const std::string &boxPath) {
  std::vector<Recipe> week = loadRecipeBox(boxPath);
  writeShoppingList(week, "shopping.txt");
  printFreezerLabels(week, "labels.txt", !week.empty());
}

// Jigsaw puzzle swap meet: each trading table keeps a tally sheet (a stdio
// stream) in a map keyed by the table's name, and the organiser keeps the
// raffle entry sheets in a vector. A table that packs up early has its sheet
// closed and erased by key; at closing time every sheet is closed in a loop.
// The organiser's desk keeps a reference to its own table's sheet.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

struct Trade {
  std::string table;
  std::string puzzle;
  int pieces;
};

using SheetMap = std::map<std::string, std::FILE *>;

bool openTable(SheetMap &sheets, const std::string &name) {
  std::FILE *f = std::fopen(("swap-" + name + ".txt").c_str(), "w");
  if (f == nullptr)
    return false;
  sheets.emplace(name, f);
  return true;
}

void tableLeaves(SheetMap &sheets, const std::string &name) {
  auto it = sheets.find(name);
  if (it == sheets.end())
    return;
  std::fputs("packed up early\n", it->second);
  std::fclose(it->second);
  sheets.erase(it);
}

void logTrades(SheetMap &sheets, const std::vector<Trade> &trades) {
  for (const Trade &t : trades) {
    auto it = sheets.find(t.table);
    if (it == sheets.end() || it->second == nullptr)
      continue;
    std::fprintf(it->second, "%s (%d pieces)\n", t.puzzle.c_str(), t.pieces); // OK: closed tables were erased
  }
}

void drawRaffle(std::vector<std::FILE *> &entrySheets, int winningTicket) {
  for (std::size_t i = 0; i < entrySheets.size(); ++i) {
    std::fprintf(entrySheets[i], "winning ticket %d\n", winningTicket); // OK: each sheet is closed after its own line
    std::fclose(entrySheets[i]);
  }
  if (!entrySheets.empty())
    std::fputs("raffle drawn\n", entrySheets.front()); // BUG: use-after-close
  entrySheets.clear();
}

void closingTime(SheetMap &sheets, const std::vector<Trade> &lastTrades) {
  std::FILE *&desk = sheets["organiser"];
  logTrades(sheets, lastTrades);
  tableLeaves(sheets, "pine-forest");
  logTrades(sheets, lastTrades); // OK: the table that left was erased from the map
  tableLeaves(sheets, "pine-forest"); // OK: already erased, so find() misses and nothing is closed
  for (auto &entry : sheets) {
    if (entry.second != nullptr)
      std::fclose(entry.second);
  }
  if (desk != nullptr)
    std::fprintf(desk, "%zu tables traded\n", sheets.size()); // BUG: use-after-close
  sheets.clear();
}

void swapMeet(const std::vector<Trade> &trades, std::vector<std::FILE *> &raffle) {
  SheetMap sheets;
  for (const char *name : {"organiser", "pine-forest", "lighthouses", "cats-1000"})
    openTable(sheets, name);
  logTrades(sheets, trades);
  drawRaffle(raffle, 42);
  closingTime(sheets, trades);
}

// Pub darts league scorer: match sheets are stdio files. The loader's helpers
// close the sheet only on their error path and then report it: one returns
// false, one throws, one calls a [[noreturn]] abort routine. The callers
// check, except the checkout tally, which ignores the header result and
// keeps writing to the sheet.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

bool readHeader(std::FILE *sheet, char *players, std::size_t len) {
  if (std::fgets(players, static_cast<int>(len), sheet) == nullptr || std::strncmp(players, "501", 3) != 0) {
    std::fclose(sheet);
    return false;
  }
  return true;
}

void requireLegCount(std::FILE *sheet, int legs) {
  if (legs <= 0 || legs > 13) {
    std::fclose(sheet);
    throw std::invalid_argument("legs must be 1..13");
  }
}

[[noreturn]] void abandonMatch(std::FILE *sheet, const char *why) {
  std::fprintf(stderr, "match abandoned: %s\n", why);
  std::fclose(sheet);
  std::exit(2);
}

int playMatch(const std::string &path, int legs) {
  std::FILE *sheet = std::fopen(path.c_str(), "r+");
  if (sheet == nullptr)
    return -1;
  char players[64];
  if (!readHeader(sheet, players, sizeof players))
    return -1;
  requireLegCount(sheet, legs);
  int leg = 0;
  while (leg < legs) {
    int remaining = 0;
    if (std::fscanf(sheet, "%d", &remaining) != 1) // OK: both helpers above leave it open on success
      abandonMatch(sheet, "unreadable leg");
    if (remaining < 0)
      abandonMatch(sheet, "bust below zero");
    std::fprintf(sheet, " leg %d checked out\n", ++leg); // OK: abandonMatch never returns
  }
  std::fclose(sheet); // OK
  return leg;
}

void appendCheckouts(const std::string &path, const int *finishes, int n) {
  std::string tally;
  for (int i = 0; i < n; ++i)
    tally += "checkout " + std::to_string(finishes[i]) + "\n";
  std::FILE *sheet = std::fopen(path.c_str(), "a+");
  if (sheet == nullptr)
    return;
  char players[64];
  readHeader(sheet, players, sizeof players);
  std::fputs(tally.c_str(), sheet); // BUG: use-after-close
  std::fclose(sheet); // BUG: double-close
}

int safeLegs(const std::string &path, int legs) {
  try {
    return playMatch(path, legs);
  } catch (const std::invalid_argument &) {
    return 0;
  }
}

// ProgrammeSheet: loads the station's programme configuration: hour clocks
// and overrides (stdio), the legacy automation export, the spot schedule and
// the imaging list (ifstream). The header readers in programme_stanzas.cpp
// close the file themselves when the header is bad.
#include "programme_sheet.h"
#include "programme_stanzas.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>

bool ProgrammeSheet::load(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (!fp)
    return false;
  Stanza clock;
  if (!readStanzaHeader(fp, clock))
    return false;
  char line[512];
  while (std::fgets(line, sizeof line, fp)) // OK: the header reader only closes on failure, which returned above
    parseItemLine(line, clock.name);
  std::fclose(fp);
  return true;
}

bool ProgrammeSheet::loadOverrides(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (!fp)
    return false;
  Stanza header;
  readStanzaHeader(fp, header);
  char line[512];
  while (std::fgets(line, sizeof line, fp)) // BUG: use-after-close
    parseOverride(line);
  std::fclose(fp); // BUG: double-close
  return true;
}

bool ProgrammeSheet::mergeLegacy(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (!fp)
    return false;
  Stanza header;
  if (!readStanzaHeader(fp, header)) {
    std::fprintf(stderr, "programme: %s has no clock header\n", path.c_str());
    std::fclose(fp); // BUG: double-close
    return false;
  }
  char line[512];
  while (std::fgets(line, sizeof line, fp))
    parseItemLine(line, header.name);
  std::fclose(fp);
  return true;
}

bool ProgrammeSheet::loadSpots(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return false;
  try {
    expectScheduleBanner(in, path);
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "programme: %s\n", e.what());
  }
  std::string line;
  while (std::getline(in, line)) // BUG: use-after-close
    parseSpotLine(line);
  return true;
}

bool ProgrammeSheet::loadImaging(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return false;
  try {
    expectScheduleBanner(in, path);
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "programme: imaging: %s\n", e.what());
    return false;
  }
  std::string line;
  while (std::getline(in, line)) // OK: a closed stream returned from the catch
    if (!line.empty() && line[0] != '#')
      imaging_.push_back(line);
  return true;
}

std::vector<std::string> ProgrammeSheet::nextItems(std::size_t n) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n && !items_.empty(); ++i)
    out.push_back(items_[(cursor_ + i) % items_.size()].house);
  return out;
}

void ProgrammeSheet::parseItemLine(const char *line, const std::string &clock) {
  char house[64] = {};
  char title[256] = {};
  int seconds = 0;
  if (std::sscanf(line, "%63[^|]|%255[^|]|%d", house, title, &seconds) == 3)
    items_.push_back({clock, house, title, seconds});
}

void ProgrammeSheet::parseOverride(const char *line) {
  const char *eq = std::strchr(line, '=');
  if (!eq)
    return;
  std::string value(eq + 1);
  while (!value.empty() && (value.back() == '\n' || value.back() == '\r'))
    value.pop_back();
  overrides_[std::string(line, eq)] = value;
}

void ProgrammeSheet::parseSpotLine(const std::string &line) {
  if (line.empty() || line[0] == '#')
    return;
  spots_.push_back(line.substr(0, line.find('|')));
}
